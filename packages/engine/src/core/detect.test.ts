import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '@archive-opener/test-support/corpus';
import { DETECT_HEAD_BYTES, detectFormat } from './detect.js';

const head = (path: string) => readFileSync(join(CORPUS_DIR, path)).subarray(0, DETECT_HEAD_BYTES);

describe('detectFormat (by content, whatever the name says)', () => {
  it.each([
    ['py7zr/encrypted_1.7z', '7z'],
    ['rarfile/rar5-solid.rar', 'rar5'],
    ['rarfile/rar3-solid.rar', 'rar'],
    ['libzip/test.zip', 'zip'],
    ['commons-compress/bla.tgz', 'gz'],
    ['commons-compress/bla.txt.bz2', 'bz2'],
    ['commons-compress/multiple.xz', 'xz'],
    ['commons-compress/bla.ar', 'ar'],
    ['hostile/traversal.tar', 'tar'],
    ['libarchive/test_read_format_lha_lh6.lzh', 'lzh'],
  ])('%s is %s', (path, format) => {
    expect(detectFormat(head(path))).toBe(format);
  });

  it('recognises nothing in plain text', () => {
    expect(detectFormat(new TextEncoder().encode('just some text, not an archive'))).toBeNull();
  });
});
