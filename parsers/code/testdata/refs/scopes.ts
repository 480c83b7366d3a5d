import Def, { alpha as a, beta } from './lib';
import * as ns from '../ns';
export { gamma as g } from './gamma';
export * from './all';
const cjs = require('./cjs');
const { one, two: second } = require('./pair');

/** Uses {@link Widget#grow} and {@link helper}. */
export class Widget<T> extends Base<T> implements Shape {
  part: Part = new Part();
  grow(by: number, { scale }: Options = {}, ...rest: T[]): Result {
    const [u, v] = rest;
    let total = this.part.size(u) + scale;
    total = ns.measure(a, (t) => t + total);
    try { beta(v); } catch (err) { report(err); }
    for (const r of rest) { use(r); }
    for (loose of rest) {}
    return helper(total, Def, cjs, one, second);
  }
}

export function helper(x = LIMIT): number {
  var local = x;
  function nested(y: number) { return y + local; }
  return nested(local);
}

subscribe({ next: (v: number) => v, 'error': noop, [key]: 1 });
export const provider = { now() { return 0; }, delegate: undefined };

export class Clock {
  constructor(private provider: TimestampProvider, readonly backup = new Fallback()) {}
  tick(): number {
    const { provider } = this;
    return provider.now() + this.provider.now() + this.backup.now();
  }
}

// Object binding patterns read members; shorthand properties write them.
export function configure({ depth = 1, name: label, inner: { flag } }: Settings, list: Entry[]) {
  const { mode, level = 0 } = pick(list);
  for (const { matcher } of list) { use(matcher, label, flag, mode, level); }
  return build({ depth, mode }, ({ size }) => size);
}
