export { default as debounce, default as delayed } from './debounce.js';
