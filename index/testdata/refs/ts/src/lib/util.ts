export default function clamp(x: number): number {
  return Math.max(0, x);
}
