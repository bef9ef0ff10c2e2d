import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

// Apart from sevenzip-node.ts so that the thread that only starts engine workers (the CLI's main
// thread, the server's) compiles 7zz.wasm for them without loading 7-Zip's 83 KB JavaScript
// glue, which Node parses in full to find its CommonJS exports.

let compiled: Promise<WebAssembly.Module> | null = null;

/**
 * Compiles 7zz.wasm once per process; every command then gets a fresh, cheap instance of it.
 * Worker threads receive the compiled module from their parent instead of compiling again.
 */
export function compiledSevenZipWasm(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve('7z-wasm/7zz.wasm');
    return WebAssembly.compile(await readFile(wasmPath));
  })();
  return compiled;
}

export function useCompiledSevenZipWasm(module: WebAssembly.Module): void {
  compiled = Promise.resolve(module);
}
