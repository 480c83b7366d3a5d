/** Adds numbers. */
export function add(a: number, b: number): number {
  return a + b;
}

// Overloads: one symbol per signature, as tsc lists them.
export function parse(input: string): object;
export function parse(input: Buffer): object;
export function parse(input: string | Buffer): object {
  function helper() {}
  const local = () => helper();
  return {};
}

export async function* stream(): AsyncGenerator<number> {}

declare function external(x: number): void;

/** Doubles. */
export const double = (x: number): number => x * 2;

const named = function inner(a: string) {
  return a;
};

export default function () {}

export let counter = 0,
  limit = 10;

var legacy;

const { a, b } = config;

export const MAX_SIZE = 1024;

export const routes = createRoutes({
  home: "/",
  about: "/about",
  contact: "/contact",
  docs: "/docs/:section",
});

export const api = {
  /** Fetches one. */
  get(id: string) {},
  get cached() {
    return true;
  },
  post: (body: unknown) => body,
};

export = add;
