export interface Shape {
  area(): number;
}

export class Square implements Shape {
  constructor(private side: number) {}
  area(): number {
    return this.side * this.side;
  }
}

export function total(shapes: Shape[]): number;
export function total(shapes: Shape[], scale?: number): number {
  return shapes.reduce((sum, s) => sum + s.area(), 0) * (scale ?? 1);
}
