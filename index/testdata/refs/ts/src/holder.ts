import { Square } from './lib/shapes';

export class Holder {
  inner: Square | undefined;
  other = new Square(1);
  total(): number {
    return (this.inner?.area() ?? 0) + this.other.area();
  }
}

export class Outer extends Holder {
  holder: Holder = new Holder();
  sum(): number {
    return (this.holder.inner?.area() ?? 0) + this.other.area();
  }
}
