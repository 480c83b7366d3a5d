export { default as clamp } from './lib/util';
