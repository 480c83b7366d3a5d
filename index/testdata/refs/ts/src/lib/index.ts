export { Square as Box, total } from './shapes';
export * from './shapes';
