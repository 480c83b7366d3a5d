/** Library typings. */
declare namespace lib {
  function init(options?: Options): void;
  let version: string;
  interface Options {
    debug: boolean;
  }
  class Client {
    constructor(url: string);
    request<T>(path: string): Promise<T>;
    readonly connected: boolean;
  }
}

export declare const handler: import("./types").Handler<string>;

export declare function create(): lib.Client;
export declare function create(url: string): lib.Client;

export type * from "./types";

export {};
