import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { formatSha256Sums, sha256SumLine } from './sha256sums.js';

const HASH = 'a'.repeat(64);

describe('SHA256SUMS lines', () => {
  it('are "<hex>  <path>", two spaces (text mode), one line per file with a final newline', () => {
    expect(
      formatSha256Sums([
        { path: 'a/b.txt', sha256: HASH },
        { path: 'c d.bin', sha256: 'b'.repeat(64) },
      ]),
    ).toBe(`${HASH}  a/b.txt\n${'b'.repeat(64)}  c d.bin\n`);
    expect(formatSha256Sums([])).toBe('');
  });

  it('escape a backslash, a newline and a carriage return as GNU sha256sum does, marking the line with a leading backslash', () => {
    expect(sha256SumLine({ path: 'back\\slash', sha256: HASH })).toBe(`\\${HASH}  back\\\\slash`);
    expect(sha256SumLine({ path: 'new\nline', sha256: HASH })).toBe(`\\${HASH}  new\\nline`);
    expect(sha256SumLine({ path: 'cr\rx', sha256: HASH })).toBe(`\\${HASH}  cr\\rx`);
  });

  it('leave every other character alone, spaces and non-Latin letters included', () => {
    expect(sha256SumLine({ path: ' lead/Ünïcode 名前.txt', sha256: HASH })).toBe(`${HASH}   lead/Ünïcode 名前.txt`);
  });
});

describe('SHA256SUMS read back by GNU sha256sum -c', () => {
  it('verifies names with a backslash, a newline, a carriage return, spaces and non-Latin letters', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ao-sums-'));
    try {
      const names = ['plain.txt', 'back\\slash', 'new\nline', 'cr\rx', ' spaced name ', '名前.txt'];
      const lines = await Promise.all(
        names.map(async (name, index) => {
          const content = `file ${index}`;
          await writeFile(join(dir, name), content);
          return { path: name, sha256: createHash('sha256').update(content).digest('hex') };
        }),
      );
      await writeFile(join(dir, 'SHA256SUMS'), formatSha256Sums(lines));
      const { stdout } = await promisify(execFile)('sha256sum', ['-c', '--strict', 'SHA256SUMS'], { cwd: dir });
      expect(stdout.match(/: OK$/gm)).toHaveLength(names.length);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
