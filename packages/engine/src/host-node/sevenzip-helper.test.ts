import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_LIMITS } from '@archive-opener/shared';
import { seededRandom } from '@archive-opener/test-support/seeded-random';
import { extract } from '../core/engine.js';
import type { EngineError } from '../core/engine-error.js';
import type { OperationOptions } from '../core/types.js';
import type { SevenZipHelperHost } from '../sevenzip/helper-protocol.js';
import { runHelperInstance } from '../sevenzip/helper-instance.js';
import { sharedTally } from '../sevenzip/shared-tally.js';
import { openIn } from '../testing/open-files.js';
import { crc32Combine } from '../core/crc32-combine.js';
import { diskSink } from './disk-sink.js';
import { fileSource } from './file-source.js';
import { nodeInputs } from './node-inputs.js';
import { helperDiskOutput } from './sevenzip-helper-output.js';
import { nodeSevenZipHelper } from './sevenzip-helper.js';
import { nodeSevenZipFactory } from './sevenzip-node.js';
import { zlibCodec } from './zlib-codec.js';

// A 7z of several solid blocks ("folders") is extracted by two 7-Zip instances, the second on a
// thread of its own (docs/decisions/038-sevenzip-on-both-cores.md). The archives are made here
// by 7-Zip itself (one block per file, -ms=1f), of incompressible bytes so that they are big
// enough to be split.

const MiB = 1024 * 1024;
const PASSWORD = 'two cores';
let work: string;
let plain: string;
let encrypted: string;
let oneBlock: string;
let oneFile: string;

/** Incompressible bytes from a seed. */
function noise(size: number, seed: number): Uint8Array {
  const random = seededRandom(seed);
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += 4) {
    const word = Math.floor(random() * 0x1_0000_0000);
    bytes[at] = word & 0xff;
    bytes[at + 1] = (word >>> 8) & 0xff;
    bytes[at + 2] = (word >>> 16) & 0xff;
    bytes[at + 3] = word >>> 24;
  }
  return bytes;
}

/**
 * One large file between two small ones, in one block: a cut between files leaves one instance
 * nearly everything; a cut inside the large one shares it out (sevenzip/file-cut.ts).
 */
const ONE_FILE: Record<string, Uint8Array> = {
  'disk/a.bin': noise(MiB / 2, 5),
  'disk/image.bin': noise(12 * MiB, 4),
  'disk/z.bin': noise(MiB / 2, 6),
};

const FILES: Record<string, Uint8Array> = {
  'one/a.bin': noise(5 * MiB, 1),
  'two/b.bin': noise(4 * MiB, 2),
  'two/c.txt': new TextEncoder().encode('a small file of its own block\n'.repeat(2000)),
  'three/deep/d.bin': noise(2 * MiB, 3),
  'three/empty.txt': new Uint8Array(0),
};

/**
 * Packs FILES (and an empty folder) with 7-Zip's WASM build into `path`: one block per file, or
 * (`oneBlock`) all in one block whose LZMA2 stream resets its dictionary every MiB, as 7-Zip's
 * own multithreaded -mx=1 writes it (sevenzip/block-cut.ts).
 */
async function pack(path: string, password?: string, oneBlock = false, files = FILES): Promise<void> {
  const errors: string[] = [];
  const sz = await nodeSevenZipFactory({ print: () => undefined, printErr: (line) => errors.push(line) });
  sz.FS.mkdir('/src');
  const made = new Set<string>();
  for (const [name, bytes] of Object.entries(files)) {
    const parts = name.split('/');
    for (let depth = 1; depth < parts.length; depth += 1) {
      const dir = `/src/${parts.slice(0, depth).join('/')}`;
      if (!made.has(dir)) sz.FS.mkdir(dir);
      made.add(dir);
    }
    sz.FS.writeFile(`/src/${name}`, bytes);
  }
  sz.FS.chdir('/src');
  const blocks = oneBlock ? ['-ms=on', '-m0=LZMA2:d=256k:c=1m'] : ['-ms=1f'];
  const switches = ['-t7z', '-mx=1', ...blocks, '-bd', ...(password ? [`-p${password}`] : [])];
  if (files === FILES) sz.FS.mkdir('/src/nothing-here');
  const tops = [...new Set(Object.keys(files).map((name) => name.split('/')[0] ?? ''))];
  sz.callMain(['a', ...switches, '/archive.7z', ...tops, ...(files === FILES ? ['nothing-here'] : [])]);
  if (errors.length > 0) throw new Error(errors.join('\n'));
  await writeFile(path, sz.FS.readFile('/archive.7z'));
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'archive-opener-7z-split-'));
  plain = join(work, 'blocks.7z');
  encrypted = join(work, 'blocks-encrypted.7z');
  await pack(plain);
  await pack(encrypted, PASSWORD);
  oneBlock = join(work, 'one-block.7z');
  await pack(oneBlock, undefined, true);
  oneFile = join(work, 'one-file.7z');
  await pack(oneFile, undefined, true, ONE_FILE);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Node's helper, on `cores` cores, counting the instances it starts and keeping the names each was given. */
function countingHelper(path: string, cores: number): SevenZipHelperHost & { started: number; names: string[][] } {
  const host = nodeSevenZipHelper([path], cores);
  const counting = {
    cores,
    started: 0,
    names: [] as string[][],
    start: (...args: Parameters<SevenZipHelperHost['start']>) => {
      counting.started += 1;
      counting.names.push(args[0].names);
      return host.start(...args);
    },
  };
  return counting;
}

/**
 * Extracts `path` into a new folder through the engine, with `helper` as the host's second
 * instance, and Node's codec as the host gives it (`withCodec`: without it, a file cut in two is
 * read back to be checked).
 */
async function extractWith(path: string, helper: SevenZipHelperHost, options: OperationOptions = {}, withCodec = true) {
  const out = await mkdtemp(join(work, 'out-'));
  const inputs = nodeInputs([path]);
  const source = await fileSource(path);
  try {
    const sink = diskSink(out);
    const input = {
      sources: [source],
      sevenZip: nodeSevenZipFactory,
      mountInputs: inputs,
      sevenZipHelper: helper,
      ...(withCodec && { codec: zlibCodec }),
    };
    const result = await extract({ ...input, defaultLimits: SERVER_LIMITS }, sink, options);
    return { out, result };
  } finally {
    await source.close();
    inputs.cleanup();
  }
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Every path under `dir`; for files their size, modification time (the archive's), permission bits and SHA-256. */
async function tree(dir: string): Promise<Record<string, { size: number; mtime: number; mode: number; sha256: string } | 'dir'>> {
  const out: Record<string, { size: number; mtime: number; mode: number; sha256: string } | 'dir'> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const name = path.slice(dir.length + 1);
    if (entry.isDirectory()) {
      out[`${name}/`] = 'dir';
      continue;
    }
    const info = await stat(path);
    out[name] = { size: info.size, mtime: info.mtimeMs, mode: info.mode & 0o7777, sha256: sha256(await readFile(path)) };
  }
  return out;
}

function fileIn(files: Awaited<ReturnType<typeof tree>>, name: string): { size: number; sha256: string } | undefined {
  const file = files[name];
  return file === 'dir' ? undefined : file;
}

async function failure(extraction: Promise<unknown>): Promise<EngineError> {
  return extraction.then(
    () => {
      throw new Error('the extraction succeeded');
    },
    (error: EngineError) => error,
  );
}

describe('a 7z of several solid blocks on two 7-Zip instances', () => {
  it('extracts the same files, bytes and times as one instance', async () => {
    const two = countingHelper(plain, 2);
    const one = countingHelper(plain, 1);
    const progress: number[] = [];
    const split = await extractWith(plain, two, { onProgress: (p) => progress.push(p.bytesDone) });
    const single = await extractWith(plain, one);
    expect(two.started).toBe(1);
    expect(one.started).toBe(0);
    expect(split.result.entries).toEqual(single.result.entries);
    const files = await tree(split.out);
    expect(files).toEqual(await tree(single.out));
    for (const [name, bytes] of Object.entries(FILES)) expect(fileIn(files, name)?.sha256).toBe(sha256(bytes));
    expect(Object.keys(files)).toContain('nothing-here/');
    // Progress counts both instances' bytes, and never goes back.
    const total = Object.values(FILES).reduce((sum, bytes) => sum + bytes.length, 0);
    expect(progress.at(-1)).toBe(total);
    expect(progress.every((bytes, at) => at === 0 || bytes >= (progress[at - 1] ?? 0))).toBe(true);
    // Nothing of the instances' staging folders is left.
    expect(Object.keys(files).some((path) => path.includes('staging'))).toBe(false);
  });

  it('cuts a single solid block at a dictionary reset: the same files, bytes and times as one instance', async () => {
    const two = countingHelper(oneBlock, 2);
    const split = await extractWith(oneBlock, two);
    const single = await extractWith(oneBlock, countingHelper(oneBlock, 1));
    expect(two.started).toBe(1);
    expect(split.result.entries).toEqual(single.result.entries);
    const files = await tree(split.out);
    expect(files).toEqual(await tree(single.out));
    for (const [name, bytes] of Object.entries(FILES)) expect(fileIn(files, name)?.sha256).toBe(sha256(bytes));
  });

  it('cuts one large file at a dictionary reset, and joins its parts: the same file, time and mode as one instance', async () => {
    const two = countingHelper(oneFile, 2);
    const split = await extractWith(oneFile, two);
    const single = await extractWith(oneFile, countingHelper(oneFile, 1));
    // The second instance had the large file's rest (under a name no entry has) and the file after it.
    expect(two.names).toEqual([['~rest', 'disk/z.bin']]);
    expect(split.result.entries).toEqual(single.result.entries);
    const files = await tree(split.out);
    expect(files).toEqual(await tree(single.out));
    for (const [name, bytes] of Object.entries(ONE_FILE)) expect(fileIn(files, name)?.sha256).toBe(sha256(bytes));
    expect(Object.keys(files).sort()).toEqual(['disk/', 'disk/a.bin', 'disk/image.bin', 'disk/z.bin']);
  });

  it('extracts a file planned to be cut alone, into the file placed for both parts, where no second thread starts', async () => {
    const refusing: SevenZipHelperHost = { cores: 2, start: () => Promise.reject(new Error('no thread to be had')) };
    const alone = await extractWith(oneFile, refusing);
    const single = await extractWith(oneFile, countingHelper(oneFile, 1));
    expect(alone.result.entries).toEqual(single.result.entries);
    expect(await tree(alone.out)).toEqual(await tree(single.out));
  });

  it.each([
    ['summed as written', true],
    ['read back', false],
  ])('refuses a file cut in two whose joined bytes fail its CRC-32 (%s), and leaves no file open', async (_how, withCodec) => {
    // A byte of the file's second half changed where it is stored as it is (noise does not
    // compress): only the whole file's CRC-32 tells.
    const bytes = await readFile(oneFile);
    const damaged = join(work, 'one-file-damaged.7z');
    const at = Math.floor(bytes.length * 0.8);
    bytes[at] = (bytes[at] ?? 0) ^ 0x40;
    await writeFile(damaged, bytes);
    const two = countingHelper(damaged, 2);
    const error = await failure(extractWith(damaged, two, {}, withCodec));
    expect(two.started).toBe(1);
    expect(error.code).toBe('CORRUPT_ARCHIVE');
    expect(error.details).toMatchObject({ entry: 'disk/image.bin' });
    expect(openIn(work)).toBe(0);
  });

  it('extracts an encrypted one with its password, and refuses a wrong one leaving nothing', async () => {
    const two = countingHelper(encrypted, 2);
    const opened = await extractWith(encrypted, two, { password: PASSWORD });
    expect(two.started).toBe(1);
    expect(fileIn(await tree(opened.out), 'one/a.bin')?.sha256).toBe(sha256(FILES['one/a.bin'] ?? new Uint8Array()));
    const out = await mkdtemp(join(work, 'wrong-'));
    const wrong = await failure(
      (async () => {
        const inputs = nodeInputs([encrypted]);
        const source = await fileSource(encrypted);
        try {
          const helper = countingHelper(encrypted, 2);
          const input = { sources: [source], sevenZip: nodeSevenZipFactory, mountInputs: inputs, sevenZipHelper: helper };
          return await extract({ ...input, defaultLimits: SERVER_LIMITS }, diskSink(out), { password: 'not it' });
        } finally {
          await source.close();
          inputs.cleanup();
        }
      })(),
    );
    expect(wrong.code).toBe('WRONG_PASSWORD');
    expect(await readdir(out)).toEqual([]);
  });

  it.each([
    ['split between blocks', () => plain],
    ['cut inside a file, whose rest is no entry of its own', () => oneFile],
  ])('counts each entry once (%s): an archive of as many entries as the limit allows is extracted', async (_how, archive) => {
    const path = archive();
    const two = countingHelper(path, 2);
    const entries = (await extractWith(path, countingHelper(path, 1))).result.entries.length;
    const split = await extractWith(path, two, { limits: { maxEntries: entries } });
    expect(two.started).toBe(1);
    expect(split.result.entries).toHaveLength(entries);
    const over = await failure(extractWith(path, countingHelper(path, 2), { limits: { maxEntries: entries - 1 } }));
    expect(over.code).toBe('LIMIT_EXCEEDED');
  });

  it('refuses an archive over the byte limit, leaving nothing, nor the archive open', async () => {
    for (const archive of [plain, oneBlock]) {
      const error = await failure(extractWith(archive, countingHelper(archive, 2), { limits: { maxTotalBytes: 8 * MiB } }));
      expect(error.code).toBe('LIMIT_EXCEEDED');
      // The second instance's thread was ended mid-run: what it had open is closed.
      expect(openIn(work)).toBe(0);
    }
  });
});

describe('the second instance', () => {
  const limits = { ...SERVER_LIMITS, maxTotalBytes: 6 * MiB };

  async function runHelper(tally: ReturnType<typeof sharedTally>, names: string[]) {
    const inputs = nodeInputs([plain]);
    const destination = { dir: join(await mkdtemp(join(work, 'helper-')), 'helper-1') };
    try {
      const archiveBytes = (await stat(plain)).size;
      const request = { names, password: undefined, limits, archiveBytes, tally: tally.buffer };
      return await runHelperInstance(nodeSevenZipFactory, inputs, helperDiskOutput(destination), request);
    } finally {
      inputs.cleanup();
    }
  }

  it('counts into the totals of the other instance, and refuses the byte that passes the limit for both', async () => {
    // The first instance has written 2 MiB: the second's 5 MiB file passes 6 MiB.
    const tally = sharedTally();
    tally.tally.addBytes(2 * MiB);
    const error = await failure(runHelper(tally, ['one/a.bin']));
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.details).toMatchObject({ limit: 'totalBytes' });
    expect(tally.tally.bytes).toBeLessThanOrEqual(6 * MiB + 4 * MiB);
    // The other instance is asked to stop.
    expect(tally.stopped).toBe(true);
  });

  it('counts its files, not the folders it makes (they are counted once merged), and stops when asked', async () => {
    const tally = sharedTally();
    const entries = await runHelper(tally, ['three/deep/d.bin']);
    expect(entries.map((e) => [e.stagedPath, e.type])).toEqual([
      ['three', 'dir'],
      ['three/deep', 'dir'],
      ['three/deep/d.bin', 'file'],
    ]);
    expect(tally.tally.entries).toBe(1);
    expect(tally.tally.bytes).toBe(2 * MiB);
    const stopped = sharedTally();
    stopped.stop();
    expect((await failure(runHelper(stopped, ['three/deep/d.bin']))).code).toBe('CANCELLED');
  });
});

describe('a 7z in two shares, as two browser workers extract it (sevenzip/share-plan.ts)', () => {
  /** Extracts share `index` of two of `path` into a new folder, as a browser worker would (one instance, no helper). */
  async function extractShare(path: string, index: number, options: OperationOptions = {}, joinsFiles = false) {
    const out = await mkdtemp(join(work, `share-${index}-`));
    const inputs = nodeInputs([path]);
    const source = await fileSource(path);
    try {
      const input = {
        sources: [source],
        sevenZip: nodeSevenZipFactory,
        mountInputs: inputs,
        sevenZipShare: { index, count: 2, joinsFiles },
        codec: zlibCodec,
      };
      const result = await extract({ ...input, defaultLimits: SERVER_LIMITS }, diskSink(out), options);
      return { out, result };
    } finally {
      await source.close();
      inputs.cleanup();
    }
  }

  it('extracts every entry once between them: the files of each in one, folders and empty files in the first', async () => {
    const first = await extractShare(plain, 0);
    const second = await extractShare(plain, 1);
    const single = await extractWith(plain, countingHelper(plain, 1));
    const firstFiles = await tree(first.out);
    const secondFiles = await tree(second.out);
    const files = (all: Awaited<ReturnType<typeof tree>>) => Object.keys(all).filter((name) => all[name] !== 'dir');
    // No file in both; together the same files, bytes and times as one instance.
    expect(files(firstFiles).filter((name) => name in secondFiles)).toEqual([]);
    expect(files(secondFiles).length).toBeGreaterThan(0);
    const singleFiles = await tree(single.out);
    for (const name of files(singleFiles)) expect(firstFiles[name] ?? secondFiles[name]).toEqual(singleFiles[name]);
    expect(files(firstFiles).length + files(secondFiles).length).toBe(files(singleFiles).length);
    // Folders (even an empty one) and the empty file come from the first share only.
    expect(Object.keys(firstFiles)).toEqual(expect.arrayContaining(['nothing-here/', 'three/empty.txt']));
    expect(Object.keys(secondFiles)).not.toContain('nothing-here/');
    expect(secondFiles['three/empty.txt']).toBeUndefined();
  });

  it('cuts one large file between the shares where the page joins them: each sums its part for the check', async () => {
    const [first, second] = await Promise.all([extractShare(oneFile, 0, {}, true), extractShare(oneFile, 1, {}, true)]);
    const image = ONE_FILE['disk/image.bin'] ?? new Uint8Array(0);
    const firstPart = first.result.filePart;
    const rest = second.result.filePart;
    expect(firstPart).toMatchObject({ path: 'disk/image.bin', part: 'first', expectedCrc: crc32(image) });
    expect(rest).toMatchObject({ path: '~rest', part: 'rest' });
    if (!firstPart || !rest) return;
    // Both parts hold bytes, and joined they are the file; their sums combine into its CRC-32.
    expect(firstPart.size).toBeGreaterThan(0);
    expect(firstPart.size + rest.size).toBe(image.length);
    const joined = Buffer.concat([await readFile(join(first.out, firstPart.path)), await readFile(join(second.out, rest.path))]);
    expect(sha256(joined)).toBe(sha256(image));
    expect([crc32(joined.subarray(0, firstPart.size)), crc32(joined.subarray(firstPart.size))]).toEqual([
      firstPart.crc,
      rest.crc,
    ]);
    expect(crc32Combine(firstPart.crc, rest.crc, rest.size)).toBe(firstPart.expectedCrc);
    // The file before it in the first share, the one after in the second; the part is reported as an entry.
    expect(first.result.entries.map((e) => e.path).sort()).toEqual(['disk', 'disk/a.bin', 'disk/image.bin']);
    expect(second.result.entries.map((e) => e.path).sort()).toEqual(['disk', 'disk/z.bin', '~rest']);
    expect(sha256(await readFile(join(second.out, 'disk/z.bin')))).toBe(sha256(ONE_FILE['disk/z.bin'] ?? new Uint8Array(0)));
  });

  it('leaves a large file whole where the parts would not be joined (into a folder): cut only between files', async () => {
    const [first, second] = await Promise.all([extractShare(oneFile, 0), extractShare(oneFile, 1)]);
    expect(first.result.filePart).toBeUndefined();
    expect(second.result.filePart).toBeUndefined();
    expect(second.result.entries.map((e) => e.path)).toEqual(['disk', 'disk/z.bin']);
    expect((await stat(join(first.out, 'disk/image.bin'))).size).toBe(12 * MiB);
  });

  it('shares a single solid block cut at a dictionary reset, each file extracted once', async () => {
    const first = await extractShare(oneBlock, 0);
    const second = await extractShare(oneBlock, 1);
    const single = await tree((await extractWith(oneBlock, countingHelper(oneBlock, 1))).out);
    const firstFiles = await tree(first.out);
    const secondFiles = await tree(second.out);
    const files = (all: Awaited<ReturnType<typeof tree>>) => Object.keys(all).filter((name) => all[name] !== 'dir');
    expect(files(firstFiles).length).toBeGreaterThan(0);
    expect(files(secondFiles).length).toBeGreaterThan(0);
    expect(files(firstFiles).filter((name) => name in secondFiles)).toEqual([]);
    for (const name of files(single)) expect(firstFiles[name] ?? secondFiles[name]).toEqual(single[name]);
    expect(files(firstFiles).length + files(secondFiles).length).toBe(files(single).length);
  });

  it('holds each share to its cut of the byte limit, so that both together stay within it', async () => {
    const total = Object.values(FILES).reduce((sum, bytes) => sum + bytes.length, 0);
    // The whole archive fits exactly; either share alone fits a limit of its own bytes, not one byte less.
    const whole = { limits: { maxTotalBytes: total } };
    await extractShare(plain, 0, whole);
    await extractShare(plain, 1, whole);
    const tight = { limits: { maxTotalBytes: total - 1 } };
    expect((await failure(extractShare(plain, 0, tight))).code).toBe('LIMIT_EXCEEDED');
  });

  it('fails where the archive does not split in two (an encrypted one without its password, a share of three)', async () => {
    expect((await failure(extractShare(encrypted, 0))).code).toBe('PASSWORD_REQUIRED');
    const out = await mkdtemp(join(work, 'three-'));
    const inputs = nodeInputs([plain]);
    const source = await fileSource(plain);
    try {
      const input = {
        sources: [source],
        sevenZip: nodeSevenZipFactory,
        mountInputs: inputs,
        sevenZipShare: { index: 0, count: 3 },
      };
      expect((await failure(extract({ ...input, defaultLimits: SERVER_LIMITS }, diskSink(out)))).code).toBe('INTERNAL');
    } finally {
      await source.close();
      inputs.cleanup();
    }
  });
});
