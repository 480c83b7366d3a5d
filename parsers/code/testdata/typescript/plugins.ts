export { createServer } from './server';
export * from './utils';
export * as ns from './ns';
export type { Options, Plugin as VitePlugin } from './types';

export const webWorkerPlugin = {
  name: 'worker',
  load: {
    filter: /worker/,
    handler(id: string) {},
  },
  transform: {
    filter: /\.ts$/,
    handler(code: string) {},
  },
};

export function startServer(config: Config) {
  const server = { close() {} };
  const watcher = { close: () => {} };
  app.use(() => {
    chokidar.watch({ onChange(path: string) {} });
  });
  return {
    commit: async () => {},
    send: (p: Payload) => {},
    close() {},
  };
}

export class Temperature {
  get celsius(): number { return 0; }
  set celsius(v: number) {}
}

export default defineConfig({
  plugins: [webWorkerPlugin],
  build: { rollupOptions() {} },
});
