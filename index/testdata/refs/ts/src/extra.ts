import clamp from './lib/util';

const twice = (x: number) => clamp(clamp(x));
export { twice as double };

export function describe(s: { area(): number }): number {
  return s.area();
}
describe({ area: () => 1 });
