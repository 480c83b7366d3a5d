import { Injectable } from "./di";

/**
 * Repository stores entities.
 * It is abstract.
 */
@Injectable({ scope: "singleton" })
export abstract class Repository<T extends { id: string }> extends Base implements Store<T> {
  /** Items by id. */
  private readonly items = new Map<string, T>();
  static count = 0;
  #secret = 42;
  declare tag: string;
  protected abstract table: string;

  // Handlers are arrow functions bound to the instance.
  handle = (event: Event): void => {
    this.items.clear();
  };

  constructor();
  constructor(seed?: T[]) {
    super();
  }

  /** The number of items. */
  get size(): number {
    return this.items.size;
  }

  set size(n: number) {}

  find(id: string): T;
  find(id: number): T;
  find(id: string | number): T {
    return this.items.get(String(id))!;
  }

  @Memoize()
  @Log
  async *scan(): AsyncGenerator<T> {}

  abstract validate(item: T): boolean;

  static create<U extends { id: string }>(): Repository<U> {
    return null!;
  }

  [Symbol.iterator]() {
    return this.items.values();
  }

  "quoted-name"() {}

  static {
    Repository.count = 1;
  }
}

export default class {
  run() {}
}

export class Outer {
  inner() {
    class Local {
      m() {}
    }
    return new Local();
  }
}

export const Mixin = <B extends new (...a: any[]) => object>(Base: B) =>
  class Mixed extends Base {
    mixed() {}
  };
