import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256File, sha256Files } from './hash-file.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('sha256File / sha256Files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hash-file-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('hashes empty, small and multi-piece files like one hash of their bytes', async () => {
    // 1 MiB is one read: the sizes straddle it, so a lost or repeated piece changes the hash.
    const contents = [0, 1, 1000, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 3 * (1 << 20) + 17].map((size) => randomBytes(size));
    const paths = contents.map((_, index) => join(dir, `f${index}`));
    await Promise.all(paths.map((path, index) => writeFile(path, contents[index] as Buffer)));

    for (const [index, path] of paths.entries()) expect(await sha256File(path)).toBe(sha256(contents[index] as Buffer));
    expect(await sha256Files(paths)).toEqual(contents.map(sha256));
  });

  it('answers in the order given while several files are read at once, one buffer each', async () => {
    // Large files first: they finish last, so answers placed by completion would come out shuffled.
    const contents = Array.from({ length: 23 }, (_, index) => randomBytes(index < 4 ? (2 << 20) + index : index * 97));
    const paths = contents.map((_, index) => join(dir, `g${index}`));
    await Promise.all(paths.map((path, index) => writeFile(path, contents[index] as Buffer)));

    expect(await sha256Files(paths)).toEqual(contents.map(sha256));
    expect(await sha256Files([])).toEqual([]);
  });

  it('fails when a file cannot be read', async () => {
    await writeFile(join(dir, 'there'), 'x');
    await expect(sha256Files([join(dir, 'there'), join(dir, 'missing')])).rejects.toThrow(/ENOENT/);
  });
});
