import type { SevenZipFactory } from '../sevenzip/sevenzip-module.js';
import { precompiled, SevenZip } from '../sevenzip/sevenzip-package.js';

let compiled: Promise<WebAssembly.Module> | null = null;

/**
 * Loads 7-Zip in a browser worker: the WASM is fetched and compiled once (streaming, so it
 * compiles while it downloads) and each command gets a fresh instance of it.
 */
export function browserSevenZipFactory(wasmUrl: string): SevenZipFactory {
  return async (io) => {
    compiled ??= WebAssembly.compileStreaming(fetch(wasmUrl));
    const module = await compiled;
    return SevenZip({
      print: (line: string) => io.print(line),
      printErr: (line: string) => io.printErr(line),
      ...precompiled(module),
    });
  };
}
