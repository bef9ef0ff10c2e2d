import type { SevenZipFactory } from '../sevenzip/sevenzip-module.js';
import { precompiled, SevenZip } from '../sevenzip/sevenzip-package.js';

let compiled: Promise<WebAssembly.Module> | null = null;

/** Fetches and compiles 7zz.wasm, once per worker; a failure is not kept, the next call tries again. */
export function compileSevenZip(wasmUrl: string): Promise<WebAssembly.Module> {
  compiled ??= WebAssembly.compileStreaming(fetch(wasmUrl)).catch((error: unknown) => {
    compiled = null;
    throw error;
  });
  return compiled;
}

/**
 * Loads 7-Zip in a browser worker: the WASM is fetched and compiled once (streaming, so it
 * compiles while it downloads) and each command gets a fresh instance of it.
 */
export function browserSevenZipFactory(wasmUrl: string): SevenZipFactory {
  return async (io) => {
    const module = await compileSevenZip(wasmUrl);
    return SevenZip({
      print: (line: string) => io.print(line),
      printErr: (line: string) => io.printErr(line),
      ...precompiled(module),
    });
  };
}
