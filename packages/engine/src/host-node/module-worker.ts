import { Worker, type WorkerOptions } from 'node:worker_threads';
import { bundledModule } from './bundle-path.js';

/**
 * Starts a worker on one of this folder's modules, named without extension ('worker-entry'):
 * from the compiled package its bundle (one module to load, see bundle-path.ts) or else its `.js`,
 * from the TypeScript sources (tsx, Vitest) its `.ts`.
 * Node 20 ignores `--import tsx` in a worker's execArgv, so such a worker registers tsx itself
 * before loading the module.
 */
export function startModuleWorker(name: string, options: WorkerOptions): Worker {
  // Compiled, the module needs no loader of the parent's (`--import tsx` in a tool's process made a
  // thread start up to ~150 ms later): the worker gets none.
  if (!import.meta.url.endsWith('.ts')) {
    const compiled = bundledModule(name) ?? new URL(`./${name}.js`, import.meta.url);
    return new Worker(compiled, { execArgv: [], ...options });
  }
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL(`./${name}.ts`, import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
