import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { findChromium } from '@archive-opener/test-support/chromium';
import { errorText, run } from './measure.js';

export type Format = 'zip' | '7z' | 'tar.gz';
export const FORMATS: readonly Format[] = ['zip', '7z', 'tar.gz'];

/** Each tool the bench needs and the Debian package that ships it. */
const TOOLS = [
  { bin: '7zz', pkg: '7zip' },
  { bin: 'bsdtar', pkg: 'libarchive-tools' },
  { bin: 'chromium', pkg: 'chromium' },
] as const;

/** The Chromium the tests would use (CHROMIUM_PATH, else chromium, chromium-browser or google-chrome), or null. */
export function chromiumPath(): string | null {
  try {
    return findChromium();
  } catch {
    return null;
  }
}

function onPath(bin: string): boolean {
  if (bin === 'chromium') return chromiumPath() !== null;
  const candidates = bin.includes('/') ? [bin] : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, bin));
  return candidates.some((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Installs whatever is missing with apt-get (the bench runs as root on Debian): the machines are
 * rebuilt from the repo, so the bench cannot assume a previous session installed them.
 * Returns the tools that are usable afterwards; a failed install is reported, not thrown, so
 * the phases that do not need that tool still run.
 */
export async function ensureTools(): Promise<Record<'7zz' | 'bsdtar' | 'chromium', boolean>> {
  const missing = TOOLS.filter((t) => !onPath(t.bin));
  if (missing.length > 0) {
    const pkgs = missing.map((t) => t.pkg);
    console.log(`[tools] missing: ${missing.map((t) => t.bin).join(', ')}`);
    try {
      console.log('[tools] running: apt-get update');
      await run('apt-get', ['update', '-qq']);
      console.log(`[tools] running: apt-get install -y ${pkgs.join(' ')}`);
      await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], {
        env: { DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (error) {
      console.log(`[tools] install failed: ${errorText(error)}`);
    }
  }
  return { '7zz': onPath('7zz'), bsdtar: onPath('bsdtar'), chromium: onPath('chromium') };
}

/**
 * The reference command for each format: 7-Zip for zip/7z, libarchive's bsdtar for tar.gz.
 * Resolves with the tool's CPU seconds (user + system, all its threads).
 */
export async function nativeExtract(format: Format, archive: string, outDir: string): Promise<number> {
  if (format === 'tar.gz') return cpuOf('bsdtar', ['-xf', archive, '-C', outDir]);
  return cpuOf('7zz', ['x', '-y', '-bd', `-o${outDir}`, archive]);
}

/**
 * Runs a program through `sh`, whose `times` prints its children's user and system seconds on
 * its last line (Node does not give a child's resource usage): a millisecond of shell beside it.
 */
async function cpuOf(cmd: string, args: readonly string[]): Promise<number> {
  const out = await run('sh', ['-c', '"$@" >/dev/null || exit; times', 'sh', cmd, ...args]);
  const children = out.trim().split('\n').at(-1) ?? '';
  return [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, min, sec]) => sum + Number(min) * 60 + Number(sec), 0);
}

/** 7-Zip cannot open tar.gz in one go: gunzip to stdout piped into a tar extraction. */
export async function sevenZipTwoStep(archive: string, outDir: string): Promise<void> {
  const q = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
  await run('bash', ['-o', 'pipefail', '-c', `7zz x -so ${q(archive)} | 7zz x -si -ttar -y -bd -o${q(outDir)}`]);
}

/** Versions for the results file, so numbers from different machines can be told apart. */
export async function toolVersions(): Promise<Record<string, string>> {
  const first = async (cmd: string, args: string[], pick: (out: string) => string | undefined) => {
    try {
      return pick(await run(cmd, args))?.trim() ?? '?';
    } catch {
      return 'unavailable';
    }
  };
  return {
    node: process.version,
    '7zz': await first('7zz', ['i'], (out) => out.split('\n').find((l) => l.includes('7-Zip'))),
    bsdtar: await first('bsdtar', ['--version'], (out) => out.split('\n')[0]),
    chromium: await first(chromiumPath() ?? 'chromium', ['--version'], (out) => out.split('\n')[0]),
  };
}
