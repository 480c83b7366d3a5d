import { Box, total, Shape } from './lib';
import * as shapes from './lib/shapes.js';

class Big extends Box {
  area(): number {
    return super.area() * 2;
  }
}

export function main(): number {
  const b: Shape = new Big(2);
  const sq = new shapes.Square(3);
  return total([b, sq]) + sq.area() + b.area();
}
