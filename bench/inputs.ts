import { createCipheriv, createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Format } from './native-tools.js';
import { seededRandom } from '@archive-opener/test-support/seeded-random';
import { run, treeStats } from './measure.js';

/** Bump when the generated content changes, so stale inputs and archives are rebuilt. */
const INPUTS_VERSION = 1;

export interface Inputs {
  dataDir: string;
  files: number;
  bytes: number;
  archives: Record<Format, string>;
}

const WORDS =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat archive extract deflate stream header entry volume'.split(
    ' ',
  );

type TextKind = 'lorem' | 'json' | 'csv' | 'log';

/** Text that compresses like real documents, data exports and logs (roughly 3-6x with deflate). */
function textBytes(kind: TextKind, size: number, seed: number): Buffer {
  const rand = seededRandom(seed);
  const word = () => WORDS[Math.floor(rand() * WORDS.length)] ?? 'x';
  const lines: string[] = [];
  let length = 0;
  for (let n = 0; length < size; n += 1) {
    let line: string;
    if (kind === 'json') {
      line = JSON.stringify({
        id: n,
        name: `${word()} ${word()}`,
        score: Math.round(rand() * 1e6) / 100,
        tags: [word(), word()],
        ok: rand() > 0.3,
      });
    } else if (kind === 'csv') {
      line = `${n},${word()},${(rand() * 1e5).toFixed(3)},${Math.floor(rand() * 1e9)},${word()}-${word()}`;
    } else if (kind === 'log') {
      const ts = new Date(1_700_000_000_000 + n * 1337).toISOString();
      line = `${ts} ${rand() > 0.9 ? 'WARN' : 'INFO'} worker-${Math.floor(rand() * 16)} ${word()} ${word()} took=${Math.floor(rand() * 5000)}ms`;
    } else {
      line = Array.from({ length: 8 + Math.floor(rand() * 12) }, word).join(' ') + '.';
    }
    lines.push(line);
    length += line.length + 1;
  }
  return Buffer.from(lines.join('\n') + '\n').subarray(0, size);
}

/** Incompressible bytes: an AES-CTR keystream keyed by the file's name (fast and deterministic). */
function randomBytes(size: number, name: string): Buffer {
  const key = createHash('sha256').update(name).digest();
  return createCipheriv('aes-256-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(size));
}

interface Planned {
  path: string;
  make: () => Buffer;
}

/** ~50 MB: ~30 MB text, ~20 MB random, ~300 files in 8 folders, three multi-MB files. */
function plan(): Planned[] {
  const rand = seededRandom(42);
  const KB = 1024;
  const MB = 1024 * KB;
  const files: Planned[] = [
    { path: 'logs/big.log', make: () => textBytes('log', 8 * MB, 1) },
    { path: 'media/blob.bin', make: () => randomBytes(6 * MB, 'blob') },
    { path: 'media/video.mp4', make: () => randomBytes(4 * MB, 'video') },
  ];
  const textDirs: [string, TextKind][] = [
    ['docs', 'lorem'],
    ['data/json', 'json'],
    ['data/csv', 'csv'],
    ['logs/daily', 'log'],
    ['nested/a/b/c', 'lorem'],
  ];
  for (let i = 0; i < 200; i += 1) {
    const [dir, kind] = textDirs[i % textDirs.length] ?? ['docs', 'lorem'];
    const size = Math.floor(20 * KB + rand() * 180 * KB);
    const ext = kind === 'lorem' ? 'txt' : kind;
    files.push({ path: `${dir}/file-${String(i).padStart(3, '0')}.${ext}`, make: () => textBytes(kind, size, 1000 + i) });
  }
  for (let i = 0; i < 100; i += 1) {
    const dir = i % 2 === 0 ? 'media/images' : 'bin';
    const size = Math.floor(10 * KB + rand() * 180 * KB);
    const name = `${dir}/blob-${String(i).padStart(3, '0')}.${i % 2 === 0 ? 'jpg' : 'dat'}`;
    files.push({ path: name, make: () => randomBytes(size, name) });
  }
  return files;
}

/** Builds the inputs and the three archives once; later runs reuse them (checked by version). */
export async function prepareInputs(workDir: string): Promise<Inputs> {
  const dataDir = join(workDir, 'data');
  const manifestPath = join(workDir, 'inputs.json');
  const archives: Record<Format, string> = {
    zip: join(workDir, 'data.zip'),
    '7z': join(workDir, 'data.7z'),
    'tar.gz': join(workDir, 'data.tar.gz'),
  };
  const manifest = existsSync(manifestPath) ? (JSON.parse(await readFile(manifestPath, 'utf8')) as { version?: number }) : {};
  const current = manifest.version === INPUTS_VERSION && existsSync(dataDir);
  if (!current) {
    console.log(`[inputs] generating ~50 MB into ${dataDir}`);
    await rm(dataDir, { recursive: true, force: true });
    for (const path of Object.values(archives)) await rm(path, { force: true });
    for (const file of plan()) {
      const path = join(dataDir, file.path);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.make());
    }
  }
  const { files, bytes } = await treeStats(dataDir);
  // Each archive is built under a temporary name, so an interrupted build is never reused.
  const build: Record<Format, (tmp: string) => Promise<unknown>> = {
    zip: (tmp) => run('7zz', ['a', '-tzip', '-mx=5', '-bd', tmp, 'data'], { cwd: workDir }),
    '7z': (tmp) => run('7zz', ['a', '-t7z', '-mx=5', '-bd', tmp, 'data'], { cwd: workDir }),
    'tar.gz': (tmp) => run('tar', ['czf', tmp, 'data'], { cwd: workDir }),
  };
  for (const [format, path] of Object.entries(archives) as [Format, string][]) {
    if (existsSync(path)) continue;
    const tmp = path.replace(/^(.*)\/data\./, '$1/data.partial.');
    await rm(tmp, { force: true });
    console.log(`[inputs] building ${path}`);
    await build[format](tmp);
    await rename(tmp, path);
  }
  await writeFile(manifestPath, JSON.stringify({ version: INPUTS_VERSION, files, bytes }, null, 2));
  return { dataDir, files, bytes, archives };
}
