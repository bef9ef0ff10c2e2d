import { createCipheriv, createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import { seededRandom } from '@archive-opener/test-support/seeded-random';
import { run, treeStats, type Output } from './measure.js';
import type { Format } from './native-tools.js';

// The "scale" phase's inputs: a mix like the one where our ratios fell behind native (mostly
// logs, CSV and JSON in 100 KB–5 MB files, ~12 % random bytes in 0.5–3 MB files), generated from
// a seed at run time and packed with the native tools. Nothing of it is kept in the repository.

const KB = 1024;
const MB = 1024 * KB;
/** Share of the output that is incompressible. */
const RANDOM_SHARE = 0.12;

export interface ScaleInputs extends Output {
  label: string;
  dataDir: string;
  archives: Record<Format, string>;
}

type TextKind = 'json' | 'csv' | 'log';
const KINDS: readonly TextKind[] = ['log', 'csv', 'json', 'log'];
const WORDS =
  'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu request response upstream cache miss hit retry timeout'.split(
    ' ',
  );

/** One line of text of `kind`, from `rand`: varied enough that deflate gets 4-8x, like real exports. */
function line(kind: TextKind, n: number, rand: () => number): string {
  const word = () => WORDS[Math.floor(rand() * WORDS.length)] ?? 'x';
  if (kind === 'json')
    return `{"id":${n},"user":"${word()}-${Math.floor(rand() * 1e5)}","score":${(rand() * 1e4).toFixed(2)},"tags":["${word()}","${word()}"],"ok":${rand() > 0.3}}`;
  if (kind === 'csv') return `${n},${word()},${(rand() * 1e5).toFixed(3)},${Math.floor(rand() * 1e9)},${word()}-${word()}`;
  const ts = new Date(1_700_000_000_000 + n * 1337).toISOString();
  return `${ts} ${rand() > 0.9 ? 'WARN' : 'INFO'} worker-${Math.floor(rand() * 16)} ${word()} ${word()} took=${Math.floor(rand() * 5000)}ms`;
}

/** Writes `size` bytes of text to `path` in ~1 MB pieces, so a 5 MB file is never one big string. */
async function writeText(path: string, kind: TextKind, size: number, seed: number): Promise<void> {
  const rand = seededRandom(seed);
  const out = createWriteStream(path);
  let written = 0;
  for (let n = 0; written < size;) {
    const lines: string[] = [];
    let length = 0;
    while (length < MB && written + length < size) {
      const text = line(kind, n, rand);
      n += 1;
      lines.push(text);
      length += text.length + 1;
    }
    const piece = Buffer.from(`${lines.join('\n')}\n`).subarray(0, size - written);
    written += piece.length;
    if (!out.write(piece)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Incompressible bytes: an AES-CTR keystream keyed by the file's seed (fast and deterministic). */
async function writeRandom(path: string, size: number, seed: number): Promise<void> {
  const key = createHash('sha256').update(`scale-${seed}`).digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  const out = createWriteStream(path);
  for (let written = 0; written < size; written += MB) {
    if (!out.write(cipher.update(Buffer.alloc(Math.min(MB, size - written))))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Generates ~`totalBytes` of output under `dataDir`: text files of 100 KB–5 MB, random of 0.5–3 MB. */
async function generate(dataDir: string, totalBytes: number, seed: number): Promise<void> {
  const rand = seededRandom(seed);
  const between = (low: number, high: number) => Math.floor(low + rand() * (high - low));
  let randomBytes = 0;
  let textBytes = 0;
  for (let i = 0; randomBytes + textBytes < totalBytes; i += 1) {
    const wantRandom = randomBytes < (randomBytes + textBytes) * RANDOM_SHARE;
    const folder = `part-${String(Math.floor(i / 40)).padStart(2, '0')}`;
    if (wantRandom) {
      const size = between(MB / 2, 3 * MB);
      const path = join(dataDir, folder, 'media', `blob-${String(i).padStart(4, '0')}.bin`);
      await mkdir(dirname(path), { recursive: true });
      await writeRandom(path, size, seed * 100_000 + i);
      randomBytes += size;
    } else {
      const kind = KINDS[i % KINDS.length] ?? 'log';
      const size = between(100 * KB, 5 * MB);
      const path = join(dataDir, folder, kind, `file-${String(i).padStart(4, '0')}.${kind}`);
      await mkdir(dirname(path), { recursive: true });
      await writeText(path, kind, size, seed * 100_000 + i);
      textBytes += size;
    }
  }
}

/**
 * The set's files joined, in order of their paths, into one file (`data/joined.bin`): a single
 * large entry, read as one stream (a zip's large entries take their own path, see
 * docs/decisions/048-large-zip-entries-as-gzip-members.md).
 */
async function joinFiles(dataDir: string): Promise<void> {
  const paths = (await readdir(dataDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  const joined = `${dataDir}.joined`;
  const out = createWriteStream(joined);
  for (const path of paths) {
    for await (const chunk of createReadStream(path)) if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir);
  await rename(joined, join(dataDir, 'joined.bin'));
}

/**
 * Generates one input set under `workDir` and packs it as zip (7zz, deflate at level 5, as
 * `inputs.ts`), 7z (7zz, LZMA2 at level 1) and tar.gz (tar + gzip). `label` names the set;
 * `oneFile` joins its files into one before packing.
 */
export async function prepareScaleInputs(
  workDir: string,
  label: string,
  totalBytes: number,
  seed: number,
  oneFile = false,
): Promise<ScaleInputs> {
  const dataDir = join(workDir, 'data');
  await rm(dataDir, { recursive: true, force: true });
  await generate(dataDir, totalBytes, seed);
  if (oneFile) await joinFiles(dataDir);
  const archives: Record<Format, string> = {
    zip: join(workDir, 'data.zip'),
    '7z': join(workDir, 'data.7z'),
    'tar.gz': join(workDir, 'data.tar.gz'),
  };
  await run('7zz', ['a', '-tzip', '-mx=5', '-bd', archives.zip, 'data'], { cwd: workDir });
  // LZMA2 at level 1: level 5 took 10 minutes for the 200 MB set on a loaded 2-core VM; decoding
  // speed hardly depends on the level.
  await run('7zz', ['a', '-t7z', '-mx=1', '-bd', archives['7z'], 'data'], { cwd: workDir });
  await run('tar', ['czf', archives['tar.gz'], 'data'], { cwd: workDir });
  return { label, dataDir, archives, ...(await treeStats(dataDir)) };
}
