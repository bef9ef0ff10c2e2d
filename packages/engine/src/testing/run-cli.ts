// The CLI as users and other checks run it: the built bin in a child process (build first), its
// output and exit code.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export const CLI_BIN = new URL('../../bin/archive-opener.js', import.meta.url).pathname;

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `archive-opener …args`; a non-zero exit is a result, not an error. */
export async function runCli(args: readonly string[], maxBuffer = 64 << 20): Promise<CliRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)('node', [CLI_BIN, ...args], { maxBuffer });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
