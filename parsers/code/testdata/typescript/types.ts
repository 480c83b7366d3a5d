/** A point in 2D. */
export interface Point<T = number> extends Base {
  /** Horizontal. */
  x: T;
  readonly y?: T;
  move(dx: T, dy: T): Point<T>;
  (scale: number): Point<T>;
  new (x: T): Point<T>;
  [key: string]: unknown;
  get norm(): number;
}

export enum Color {
  Red = "red",
  /** The default. */
  Green = "green",
  Blue,
}

export const enum Flags { None = 0, A = 1 << 0 }

declare enum Ambient { X }

/** Options of a query. */
export type Options = {
  limit: number;
  onDone(result: string): void;
};

export type Id = string | number;

type WithHooks = Options & {
  beforeRun(): void;
};

export namespace Geometry.Shapes {
  export const unit = 1;
  export function area(p: Point): number {
    return 0;
  }
  namespace Internal {
    let counter = 0;
  }
}

declare module "express" {
  interface Request {
    user?: string;
  }
}

declare global {
  interface Window {
    __APP__: string;
  }
  var __DEV__: boolean;
}

module Legacy {}

// Variance annotations and generic call signatures on their own lines
// are newer than the grammar; the extractor mends them before parsing.
export interface Effect<in out A, out E = never> {
  readonly _A: A;
}

export const dual: {
  <A>(self: A): A
  /** The data-first form. */
  <A, B>(self: A, that: B): A
} = (a: any) => a;
