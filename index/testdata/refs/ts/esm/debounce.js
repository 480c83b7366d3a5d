export default function debounce(func, wait) {
  return func;
}
