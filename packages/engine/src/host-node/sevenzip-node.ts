import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { SevenZipFactory } from '../sevenzip/sevenzip-module.js';
import { precompiled, SevenZip } from '../sevenzip/sevenzip-package.js';

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

export const nodeSevenZipFactory: SevenZipFactory = async (io) => {
  const module = await compiledSevenZipWasm();
  const sz = await SevenZip({
    print: (line: string) => io.print(line),
    printErr: (line: string) => io.printErr(line),
    ...precompiled(module),
  });
  return preserveExitCode(sz);
};

/** Emscripten sets `process.exitCode = 1` when a call throws; a refused archive must not fail the process. */
function preserveExitCode<T extends { callMain(args: string[]): void }>(sz: T): T {
  const callMain = sz.callMain.bind(sz);
  sz.callMain = (args) => {
    const before = process.exitCode;
    try {
      return callMain(args);
    } finally {
      process.exitCode = before;
    }
  };
  return sz;
}
