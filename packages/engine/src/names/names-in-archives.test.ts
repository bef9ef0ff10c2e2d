import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_LIMITS } from '@archive-opener/shared';
import { CORPUS_DIR } from '@archive-opener/test-support/corpus';
import { encodeIn, zipWithLegacyNames } from '@archive-opener/test-support/legacy-names';
import { describe, expect, it } from 'vitest';
import type { OperationOptions } from '../core/types.js';
import { extractCpioStream, listCpioStream } from '../cpio/cpio-backend.js';
import { extractLzhStream, listLzhStream } from '../lzh/lzh-backend.js';
import { MemorySink, memorySource } from '../testing/memory-io.js';
import { extractZip, listZip } from '../zip/zip-backend.js';
import { nameDecoder } from './names-encoding.js';

const corpus = (path: string) => new Uint8Array(readFileSync(join(CORPUS_DIR, path)));

async function zipNames(bytes: Uint8Array, options: OperationOptions = {}) {
  const listed = await listZip([memorySource(bytes, 'a.zip')], options);
  const sink = new MemorySink();
  const extracted = await extractZip([memorySource(bytes, 'a.zip')], sink, SERVER_LIMITS, options);
  return { listed: listed.entries, extracted: extracted.entries, files: [...sink.files.keys()] };
}

async function cpioNames(bytes: Uint8Array, options: OperationOptions = {}) {
  const info = { format: 'cpio', archiveBytes: bytes.length, bytesTotal: null };
  const listed = await listCpioStream(memorySource(bytes).stream(), options, info);
  const sink = new MemorySink();
  const extracted = await extractCpioStream(memorySource(bytes).stream(), sink, SERVER_LIMITS, options, info);
  return { listed: listed.entries, extracted: extracted.entries };
}

async function lzhNames(bytes: Uint8Array, options: OperationOptions = {}) {
  const info = { format: 'lzh', archiveBytes: bytes.length, bytesTotal: null };
  const listed = await listLzhStream(memorySource(bytes).stream(), options, info);
  const sink = new MemorySink();
  const extracted = await extractLzhStream(memorySource(bytes).stream(), sink, SERVER_LIMITS, options, info);
  return { listed: listed.entries, extracted: extracted.entries };
}

describe('names whose encoding the archive leaves open', () => {
  it('keep their bytes (an own copy) on listed and extracted zip entries; ASCII and flagged names do not', async () => {
    const { listed, extracted } = await zipNames(corpus('libarchive/test_read_format_zip_filename_cp932.zip'));
    expect(listed.map((entry) => entry.name)).toEqual(['表だよ/一覧表.txt', '表だよ/漢字.txt']);
    const extractedFiles = extracted.filter((entry) => entry.type === 'file');
    // A folder the engine makes on the way (no entry of its own) has no stored bytes.
    for (const entry of [...listed, ...extractedFiles]) {
      expect(entry.rawName).toBeInstanceOf(Uint8Array);
      expect(entry.rawName?.byteLength).toBe(entry.rawName?.buffer.byteLength);
    }
    expect(extractedFiles.map((entry) => nameDecoder('shift_jis')(entry.rawName ?? new Uint8Array()))).toEqual([
      '表だよ/一覧表.txt',
      '表だよ/漢字.txt',
    ]);
    const utf8 = await zipNames(corpus('libarchive/test_read_format_zip_filename_utf8_jp.zip'));
    expect(utf8.listed.every((entry) => entry.rawName === undefined)).toBe(true);
  });

  it('are read in the code page the caller names, for listing and extraction alike', async () => {
    const cp866 = corpus('libarchive/test_read_format_zip_filename_cp866.zip');
    // The two names differ only in case: one is kept beside the other (docs/decisions/016-names-neutralised.md).
    const caseless = (files: string[]) => files.map((file) => file.toLowerCase()).sort();
    expect(caseless((await zipNames(cp866)).files)).toEqual(['привет', 'привет (2)']);
    const wrong = await zipNames(cp866, { namesEncoding: 'windows-1251' });
    const as1251 = ['ПРИВЕТ', 'привет'].map((name) => nameDecoder('windows-1251')(encodeIn('ibm866', name)));
    expect(wrong.listed.map((entry) => entry.name)).toEqual(as1251);
    expect(wrong.files.sort()).toEqual([...as1251].sort());
    const koi8 = await zipNames(corpus('libarchive/test_read_format_zip_filename_koi8r.zip'), { namesEncoding: 'koi8-r' });
    expect(caseless(koi8.files)).toEqual(['привет', 'привет (2)']);
  });

  it("read as CP437 when nothing says otherwise (the DOS default), bytes kept: libzip's CP437 case", async () => {
    // The manifest's tools disagree on how to show these names; it records their stored bytes.
    const stored = Uint8Array.from(Buffer.from('8182838485868788898a8b8c8d8e8f90', 'hex'));
    const { listed, files } = await zipNames(corpus('libzip/testfile-cp437.zip'));
    expect(listed.map((entry) => entry.name)).toEqual(['üéâäàåçêëèïîìÄÅÉ']);
    expect(files).toEqual(['üéâäàåçêëèïîìÄÅÉ']);
    expect(listed[0]?.rawName).toEqual(stored);
    // CP850 differs from CP437 only above these sixteen bytes; CP866 reads them as Cyrillic.
    const cp850 = await zipNames(corpus('libzip/testfile-cp437.zip'), { namesEncoding: 'cp850' });
    expect(cp850.files).toEqual(['üéâäàåçêëèïîìÄÅÉ']);
    const cp866 = await zipNames(corpus('libzip/testfile-cp437.zip'), { namesEncoding: 'cp866' });
    expect(cp866.files).toEqual(['БВГДЕЖЗИЙКЛМНОПР']);
  });

  it('guessed wrong are fixed by naming the code page: a windows-1251 zip made here', async () => {
    const bytes = await zipWithLegacyNames('windows-1251', ['Отчёт за год.txt', 'Документы/план.doc']);
    const guessed = await zipNames(bytes);
    expect(guessed.files).not.toContain('Отчёт за год.txt');
    const named = await zipNames(bytes, { namesEncoding: 'windows-1251' });
    expect(named.files.sort()).toEqual(['Документы/план.doc', 'Отчёт за год.txt']);
  });

  it('found GBK by the detector when a folder of Chinese names says so', async () => {
    // Not 图片: its GBK bytes are valid UTF-8 ("ͼƬ"), and valid UTF-8 is read as such unless a
    // code page is named.
    const names = ['中文文件', '测试报告', '我的文档', '新建文件夹', '会议记录', '项目计划', '财务报表'].map(
      (name) => `${name}.txt`,
    );
    const { files } = await zipNames(await zipWithLegacyNames('gbk', names));
    expect(files.sort()).toEqual([...names].sort());
  });

  it('named again still go through the safe path: traversal, backslashes, reserved names', async () => {
    const bytes = await zipWithLegacyNames('windows-1251', ['../../Отчёт.txt', 'Папка\\..\\счёт.txt', 'Папка/con.txt']);
    const { files } = await zipNames(bytes, { namesEncoding: 'windows-1251' });
    expect(files.sort()).toEqual(['Отчёт.txt', 'Папка/_con.txt', 'Папка/счёт.txt']);
  });

  it('keep their bytes in LHA and are read in a named code page', async () => {
    const bytes = corpus('libarchive/test_read_format_lha_filename_cp932.lzh');
    const guessed = await lzhNames(bytes);
    const files = guessed.extracted.filter((entry) => entry.type === 'file');
    expect(files.map((entry) => entry.rawName instanceof Uint8Array)).toEqual([true, true]);
    const named = await lzhNames(bytes, { namesEncoding: 'shift_jis' });
    expect(named.listed.map((entry) => entry.name)).toEqual(['漢字.txt', '表.txt']);
    expect(named.extracted.filter((entry) => entry.type === 'file').map((entry) => entry.path)).toEqual(['漢字.txt', '表.txt']);
  });

  it('keep their bytes in cpio, and are read in a named code page', async () => {
    const eucjp = await cpioNames(corpus('libarchive/test_read_format_cpio_filename_eucjp.cpio'), { namesEncoding: 'euc-jp' });
    expect(eucjp.listed.map((entry) => entry.name)).toEqual(['漢字.txt', '表.txt']);
    expect(eucjp.extracted.map((entry) => entry.path)).toEqual(['漢字.txt', '表.txt']);
    const cp866 = await cpioNames(corpus('libarchive/test_read_format_cpio_filename_cp866.cpio'));
    expect(cp866.extracted.map((entry) => nameDecoder('cp866')(entry.rawName ?? new Uint8Array()))).toEqual(['ПРИВЕТ', 'привет']);
    // UTF-8 names are read as such unless a code page is named.
    const utf8 = await cpioNames(corpus('libarchive/test_read_format_cpio_filename_utf8_jp.cpio'));
    expect(utf8.listed.map((entry) => entry.name)).toEqual(['漢字.txt', '表.txt']);
  });
});
