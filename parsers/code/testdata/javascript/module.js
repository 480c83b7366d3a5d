// @ts-check
import { EventEmitter } from "node:events";

/**
 * A queue of jobs.
 * @extends EventEmitter
 */
export class Queue extends EventEmitter {
  /** Pending jobs. */
  jobs = [];
  static #instances = 0;
  onDrain = () => this.emit("drain");

  @logged
  constructor(limit) {
    super();
    this.limit = limit;
  }

  get length() {
    return this.jobs.length;
  }

  set length(n) {}

  async *drain() {}

  static of(...jobs) {
    return new Queue(jobs.length);
  }
}

/** Creates a queue. */
export function createQueue(limit = 1) {
  return new Queue(limit);
}

export const sum = (...xs) => xs.reduce((a, b) => a + b, 0);

export default class {}

const Shape = class Square {
  area() {}
};

function* ids() {
  let id = 0;
  while (true) yield id++;
}

let state = { ready: false }, retries = 3;

export const handlers = {
  onOpen() {},
  onClose: () => {},
};
