import type { SevenZipFactory } from '../sevenzip/sevenzip-module.js';
import { precompiled, SevenZip } from '../sevenzip/sevenzip-package.js';
import { compiledSevenZipWasm } from './sevenzip-wasm.js';

export { compiledSevenZipWasm, useCompiledSevenZipWasm } from './sevenzip-wasm.js';

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
