import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { SERVER_LIMITS } from '@archive-opener/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusCase } from '@archive-opener/test-support/corpus';
import { seededRandom } from '@archive-opener/test-support/seeded-random';
import { extractArchive } from '../host-node/index.js';
import { normalise } from './fs-guard.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('the 7-Zip path counts entries', () => {
  it('exactly: an archive of as many entries as the limit allows is extracted', async () => {
    // A folder and two files: 3 entries, none of them the folder 7-Zip is told to extract into.
    const archive = corpusCase('py7zr/copy.7z');
    const out = await mkdtemp(join(tmpdir(), 'ao-7z-count-'));
    dirs.push(out);
    const limits = { ...SERVER_LIMITS, maxEntries: 3 };
    const result = await extractArchive(archive.parts, join(out, 'three'), { limits });
    expect(result.entries.map((e) => e.path).sort()).toEqual(['test', 'test/test2.txt', 'test1.txt']);
    await expect(extractArchive(archive.parts, join(out, 'two'), { limits: { ...limits, maxEntries: 2 } })).rejects.toMatchObject(
      {
        code: 'LIMIT_EXCEEDED',
      },
    );
  });
});

describe('normalise', () => {
  it('resolves every absolute path as POSIX does, whether or not it was normal already', () => {
    const rand = seededRandom(31);
    const names = ['a', 'b', 'é x', '.', '..', '', '...', '.a', 'a.', '..b'];
    for (let n = 0; n < 5_000; n += 1) {
      const parts = Array.from({ length: 1 + Math.floor(rand() * 6) }, () => names[Math.floor(rand() * names.length)]);
      const path = `/${parts.join('/')}`;
      expect(normalise(path), path).toBe(posix.resolve(path));
    }
    for (const path of ['/', '//', '/a/', '/a/.', '/a/..', '/..', '/a//b', '/a/./b', '/a/../b', '/.a/..b/...']) {
      expect(normalise(path), path).toBe(posix.resolve(path));
    }
  });

  it('reads a relative path from the root', () => {
    expect(normalise('a/./b/../c')).toBe('/a/c');
    expect(normalise('')).toBe('/');
  });
});
