import type { FileSystem, SevenZipModule } from '7z-wasm';
import { growNameTable } from './name-table.js';
import { speedUpPathLookup } from './path-lookup.js';

/** A fresh 7-Zip instance with its console captured. Hosts know how to find and load the WASM. */
export type SevenZipFactory = (console: ConsoleSink) => Promise<SevenZipModule>;

export interface ConsoleSink {
  print(line: string): void;
  printErr(line: string): void;
}

export type { FileSystem, SevenZipModule };

export interface RunOutput {
  exitCode: number;
  stdout: string[];
  stderr: string[];
  /**
   * Sees each line of stdout first; a line it answers `true` for (one it has consumed) is not kept
   * in `stdout`: a listing of many entries is parsed as it comes instead of held whole.
   */
  onLine?: ((line: string) => boolean) | undefined;
}

/**
 * One 7-Zip process: a new module per command, so a crash or a thrown limit never leaves state
 * behind for the next archive. Compiling the WASM is cached by the host's factory.
 */
export async function createSevenZip(factory: SevenZipFactory): Promise<{ sz: SevenZipModule; output: RunOutput }> {
  const output: RunOutput = { exitCode: 0, stdout: [], stderr: [] };
  const sz = await factory({
    print: (line) => {
      if (!output.onLine?.(line)) output.stdout.push(line);
    },
    printErr: (line) => output.stderr.push(line),
  });
  speedUpPathLookup(sz.FS);
  growNameTable(sz.FS);
  return { sz, output };
}

/** Runs one 7-Zip command on an instance; exceptions thrown by our FS hooks propagate. */
export function runCommand(sz: SevenZipModule, output: RunOutput, args: string[], onLine?: (line: string) => boolean): RunOutput {
  output.stdout.length = 0;
  output.stderr.length = 0;
  output.onLine = onLine;
  try {
    output.exitCode = sz.callMain(args) as unknown as number;
  } finally {
    output.onLine = undefined;
  }
  return output;
}
