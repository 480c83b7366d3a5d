import { Square } from './lib/shapes';
import * as lib from './lib';

// What calls return, shapes made of other types, and destructured names.
export interface Named { label: string }
export type Labelled = Square & Named;
export type Event = { kind: 'open'; at: number } | { kind: 'close' };

export function makeSquare(side: number): Square | undefined {
  return new Square(side);
}

export class Factory {
  square(): Square { return new Square(2); }
  static shared(): Factory { return new Factory(); }
  describe(l: Labelled, e: Event, { label }: Named): string {
    const s = makeSquare(1);
    const f = Factory.shared();
    const t = this.square();
    return `${makeSquare(3)?.area()} ${this.square().area()} ${s?.area()} ${f.square()} ${t.area()} ${l.label} ${l.area()} ${e.kind} ${label}`;
  }
}

export const kinds = (ev: Event) => lib.total([]) + (ev.kind === 'open' ? ev.at : 0);

// Callbacks' parameters are typed by the callee's declared function type.
export function eachSquare(fn: (this: void, sq: Square, index: number) => void | boolean): void {}
export class Runner { constructor(task?: ((f: Factory) => void) | undefined) {} }
eachSquare((sq) => sq.area());
eachSquare(function (s, i) { return s.area() > i; });
new Runner((f) => f.square());

// A union's own shape and the types it joins all answer a member.
export type State = { area?: undefined } | Square;
export const measure = (st: State) => st.area;

// An object literal's keys are members of the type it is given.
export interface Options { depth: number; label?: string }
export function configure(opts: Options, more?: Event): void {}
export function defaults(): Options { return { depth: 1 }; }
const depth = 2;
configure({ depth, label: 'x' }, { kind: 'close' });
export const preset: Options = { depth: 3 };

// tsc merges an interface and a value of one name; a use picks by meaning.
export interface Failure { reason: string }
export const Failure = function (this: Failure, reason: string) { this.reason = reason; };
export function fail(f: Failure): Failure { return (f as Failure)!; }
export const failed = new (Failure as any)('x') as Failure;
export const why = (failed as Failure).reason + lib.total([])!.toFixed();

// await unwraps the promise a callee declares.
export async function loadSquare(): Promise<Square> { return new Square(4); }
export async function report() { const sq = await loadSquare(); return sq.area(); }

// Call chains: each call's declared result, `this` for a fluent method.
export class Query { where(c: string): this { return this; } limit(n: number): Query { return this; } run(): Square[] { return []; } }
export class UserQuery extends Query { active(): this { return this; } }
export const rows = new UserQuery().where('a').active().limit(1).run();
export const firstArea = lib.total([]) + new Factory().square().area();

// Indexed access types name a member; through a type parameter, its bound's.
export type Reason = Failure['reason'];
export type KindOf<E extends Named> = E['label'];

// A field path from a local typed by a call.
export interface Wrap { sq: Square }
export function makeWrap(): Wrap { return { sq: new Square(1) }; }
export function wrapped() { const w = makeWrap(); return w.sq.area(); }

// Names destructured from a call's result are its type's members.
export function useWrap(): Wrap { return makeWrap(); }
export function usesHook() { const { sq } = useWrap(); return sq; }
