import { spawn } from 'node:child_process';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Timed runs per measurement after one untimed warm-up (page cache, WASM compile, JIT). */
export const RUNS = 5;

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Runs `once` 1 + RUNS times and returns the timed seconds of the last RUNS. `prepare` (fresh
 * output folder, new worker…) runs before each call and is kept outside the timed region.
 */
export async function timeRuns<C>(
  prepare: (run: number) => Promise<C>,
  once: (ctx: C) => Promise<number | void>,
): Promise<number[]> {
  const seconds: number[] = [];
  for (let run = 0; run <= RUNS; run += 1) {
    const ctx = await prepare(run);
    const start = performance.now();
    // `once` may report its own duration (the browser times inside the page, not over CDP).
    const reported = await once(ctx);
    const elapsed = typeof reported === 'number' ? reported : (performance.now() - start) / 1000;
    if (run > 0) seconds.push(elapsed);
  }
  return seconds;
}

/**
 * Rounds in which every contender runs once, in an order that rotates from round to round, after
 * one untimed warm-up round: these shared machines change speed by up to 2× within minutes, and
 * alternating makes such a change fall on every contender alike instead of on whichever happened
 * to run during it. Returns each contender's timed seconds.
 */
export async function alternate<K extends string>(
  contenders: readonly K[],
  rounds: number,
  once: (who: K, round: number) => Promise<number>,
): Promise<Record<K, number[]>> {
  const seconds = Object.fromEntries(contenders.map((who) => [who, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round <= rounds; round += 1) {
    for (let i = 0; i < contenders.length; i += 1) {
      const who = contenders[(round + i) % contenders.length] as K;
      const elapsed = await once(who, round);
      if (round > 0) seconds[who].push(elapsed);
    }
  }
  return seconds;
}

/** An empty folder, created (after removing any previous content) outside timed regions. */
export async function freshDir(path: string): Promise<string> {
  await rm(path, { recursive: true, force: true });
  await mkdir(path, { recursive: true });
  return path;
}

export interface Output {
  files: number;
  bytes: number;
}

/** An extraction that wrote other files or bytes than the inputs is an error, not a timing. */
export function expectOutput(label: string, got: Output, want: Output): void {
  if (got.files !== want.files || got.bytes !== want.bytes) {
    throw new Error(`${label}: wrote ${got.files} files / ${got.bytes} bytes, expected ${want.files} / ${want.bytes}`);
  }
}

/** Files and bytes under a folder: a cheap check that an extraction wrote everything. */
export async function treeStats(root: string): Promise<Output> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/** Runs a program to completion; rejects with its stderr tail on a non-zero exit. */
export function run(
  cmd: string,
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...options.env };
    const child = spawn(cmd, args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${err.slice(-500).trim()}`));
    });
  });
}

export const fmtSeconds = (s: number | undefined): string => (s === undefined || Number.isNaN(s) ? '—' : `${s.toFixed(2)}s`);
export const fmtRatio = (r: number | undefined): string => (r === undefined || Number.isNaN(r) ? '—' : r.toFixed(2));
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
