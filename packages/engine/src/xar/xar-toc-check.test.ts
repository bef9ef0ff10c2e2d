import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import type { ArchiveSource } from '../core/types.js';
import { CORPUS_DIR, loadManifest, partsOf } from '@archive-opener/test-support/corpus';
import { fileSource, memorySource } from '../testing/memory-io.js';
import { checkXarArchive } from './xar-toc-check.js';

type Style = 'sha1' | 'md5' | 'sha256';

const DIGEST_BYTES: Record<Style, number> = { sha1: 20, md5: 16, sha256: 32 };

interface XarOptions {
  style?: Style;
  /** The uncompressed TOC length the header declares, from the real one. */
  declaredTocLength?: (actual: number) => number;
  /** Bytes appended to the zlib stream (inside the TOC's declared compressed length). */
  afterZlib?: Uint8Array;
  /** Store a checksum that does not match. */
  wrongChecksum?: boolean;
}

/** A table of contents with its checksum at heap offset 0, listing `files` (XML). */
function tocXml(files: string, style: Style = 'sha1', prolog = ''): string {
  const checksum = `<checksum style="${style}"><offset>0</offset><size>${DIGEST_BYTES[style]}</size></checksum>`;
  return `<?xml version="1.0" encoding="UTF-8"?>${prolog}
<xar><toc><creation-time>2024-06-14T20:24:16</creation-time>${checksum}${files}</toc></xar>`;
}

/**
 * A XAR archive: header, the zlib-compressed `toc`, then a heap of the TOC's checksum followed by
 * `data` (so a file's data offset is the digest size plus its place in `data`).
 */
function xarBytes(toc: string, data: Uint8Array = new Uint8Array(), options: XarOptions = {}): Uint8Array {
  const style = options.style ?? 'sha1';
  const tocBytes = Buffer.from(toc, 'utf8');
  const compressed = Buffer.concat([deflateSync(tocBytes), options.afterZlib ?? new Uint8Array()]);
  const checksum = createHash(style).update(compressed).digest();
  if (options.wrongChecksum) checksum[0] = (checksum[0] ?? 0) ^ 0xff;

  const algorithmName = style === 'sha256' ? Buffer.from('sha256\0\0', 'latin1') : Buffer.alloc(0);
  const header = Buffer.alloc(28 + algorithmName.length);
  header.write('xar!', 0, 'latin1');
  header.writeUInt16BE(header.length, 4);
  header.writeUInt16BE(1, 6);
  header.writeBigUInt64BE(BigInt(compressed.length), 8);
  header.writeBigUInt64BE(BigInt(options.declaredTocLength?.(tocBytes.length) ?? tocBytes.length), 16);
  header.writeUInt32BE({ sha1: 1, md5: 2, sha256: 3 }[style], 24);
  algorithmName.copy(header, 28);
  return new Uint8Array(Buffer.concat([header, compressed, checksum, data]));
}

/** A plain file `name` whose data lies at `offset`, 5 bytes long. */
function fileXml(id: number, name: string, offset = 20, inner = ''): string {
  return `<file id="${id}"><name>${name}</name><type>file</type><mode>0644</mode><uid>0</uid>
<mtime>2024-06-14T20:24:09Z</mtime><data><length>5</length><offset>${offset}</offset><size>5</size>
<encoding style="application/octet-stream"/></data>${inner}</file>`;
}

const HELLO = new TextEncoder().encode('hello');

/** The problem `source` is refused with; fails the test when it passes or throws anything but CORRUPT_ARCHIVE. */
async function problemOf(source: ArchiveSource): Promise<unknown> {
  const error = await checkXarArchive(source).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  expect((error as EngineError).code).toBe('CORRUPT_ARCHIVE');
  return (error as EngineError).details.problem;
}

const refusal = (bytes: Uint8Array): Promise<unknown> => problemOf(memorySource(bytes, 'test.xar'));

describe('checkXarArchive on archives built for one rule each', () => {
  it('passes a well-formed archive: nested folders, data, an extended attribute, a base64 name', async () => {
    const folder = `<file id="2"><name enctype="base64">Zm9s
ZGVy</name><type>directory</type><mode>0755</mode>${fileXml(3, 'inner', 20)}</file>`;
    const ea = `<ea id="0"><name>com.apple.quarantine</name><offset>20</offset><length>5</length><size>5</size></ea>`;
    const toc = tocXml(fileXml(1, 'a &amp; b.txt', 20, ea) + folder);
    await expect(checkXarArchive(memorySource(xarBytes(toc, HELLO)))).resolves.toBeUndefined();
  });

  it('passes an archive checksummed with MD5 (algorithm 2) and one with a named SHA-256 (algorithm 3)', async () => {
    const md5 = xarBytes(tocXml(fileXml(1, 'a', 16), 'md5'), HELLO, { style: 'md5' });
    await expect(checkXarArchive(memorySource(md5))).resolves.toBeUndefined();
    const named = xarBytes(tocXml(fileXml(1, 'a', 32), 'sha256'), HELLO, { style: 'sha256' });
    await expect(checkXarArchive(memorySource(named))).resolves.toBeUndefined();
  });

  it('refuses a base64 name that is not strict base64, and an unknown name encoding', async () => {
    const named = (name: string) => tocXml(`<file id="1">${name}<type>file</type></file>`);
    expect(await refusal(xarBytes(named('<name enctype="base64">YWJjA</name>')))).toBe('bad base64 name');
    expect(await refusal(xarBytes(named('<name enctype="base64">YW=j</name>')))).toBe('bad base64 name');
    expect(await refusal(xarBytes(named('<name enctype="base64">YWJj====</name>')))).toBe('bad base64 name');
    expect(await refusal(xarBytes(named('<name enctype="rot13">nop</name>')))).toBe('unknown name encoding');
  });

  it('refuses a file with no name or two, nested inside a folder too', async () => {
    expect(await refusal(xarBytes(tocXml('<file id="1"><type>file</type></file>')))).toBe('missing name element');
    const twice = `<file id="1"><name>dir</name><type>directory</type>
<file id="2"><name>File</name><name>File</name><type>file</type></file></file>`;
    expect(await refusal(xarBytes(tocXml(twice)))).toBe('duplicate name element');
  });

  it('passes a folder tree 500 levels deep', async () => {
    const depth = 500;
    const folders = Array.from({ length: depth }, (_, i) => `<file id="${i + 1}"><name>d</name><type>directory</type>`);
    const toc = tocXml(folders.join('') + '</file>'.repeat(depth));
    await expect(checkXarArchive(memorySource(xarBytes(toc)))).resolves.toBeUndefined();
  });

  it('refuses two files with one id', async () => {
    expect(await refusal(xarBytes(tocXml(fileXml(7, 'a') + fileXml(7, 'b')), HELLO))).toBe('duplicate file id');
  });

  it('refuses numbers that are not plain decimal, or too large to be exact', async () => {
    const size = (value: string) => tocXml(`<file id="1"><name>a</name><size>${value}</size></file>`);
    expect(await refusal(xarBytes(size('12a')))).toBe('bad number');
    expect(await refusal(xarBytes(size('-1')))).toBe('bad number');
    expect(await refusal(xarBytes(size('')))).toBe('bad number');
    expect(await refusal(xarBytes(size('9007199254740992')))).toBe('number too large');
    expect(await refusal(xarBytes(tocXml(fileXml(1, 'a', 20).replace('<length>5', '<length>0x5')), HELLO))).toBe('bad number');
  });

  it('refuses a mode that is not octal', async () => {
    expect(await refusal(xarBytes(tocXml(fileXml(1, 'a').replace('0644', '0689')), HELLO))).toBe('bad mode');
  });

  it.each(['2000-01-01T00:00:123', '2000-13-01T00:00:00', '2000-01-32T00:00:00', '2000-01-01T24:00:00', '2000-01-01 00:00:00Z'])(
    'refuses the time %s',
    async (time) => {
      expect(await refusal(xarBytes(tocXml(fileXml(1, 'a').replace('2024-06-14T20:24:09Z', time)), HELLO))).toBe('bad time');
    },
  );

  it('accepts a time with a fraction and a leap second', async () => {
    const toc = tocXml(fileXml(1, 'a').replace('2024-06-14T20:24:09Z', '2016-12-31T23:59:60.5Z'));
    await expect(checkXarArchive(memorySource(xarBytes(toc, HELLO)))).resolves.toBeUndefined();
  });

  it('refuses data that runs past the end of the heap, and data without a size', async () => {
    expect(await refusal(xarBytes(tocXml(fileXml(1, 'a', 21)), HELLO))).toBe('data outside heap');
    expect(await refusal(xarBytes(tocXml(fileXml(1, 'a').replace('<size>5</size>', '')), HELLO))).toBe('missing data field');
  });

  it('refuses a checksum that does not match the compressed table of contents', async () => {
    expect(await refusal(xarBytes(tocXml(fileXml(1, 'a')), HELLO, { wrongChecksum: true }))).toBe('checksum mismatch');
  });

  it('refuses a checksum whose style is not the header’s, and a header with no checksum algorithm', async () => {
    expect(await refusal(xarBytes(tocXml(fileXml(1, 'a'), 'md5'), HELLO))).toBe('checksum style mismatch');
    const none = xarBytes(tocXml(fileXml(1, 'a')), HELLO);
    none.set([0, 0, 0, 0], 24);
    expect(await refusal(none)).toBe('no table of contents checksum');
  });

  it('refuses a DOCTYPE, and XML that is not well-formed', async () => {
    const doctype = tocXml(fileXml(1, 'a'), 'sha1', '<!DOCTYPE xar [<!ENTITY e "x">]>');
    expect(await refusal(xarBytes(doctype, HELLO))).toBe('doctype or entity in table of contents');
    expect(await refusal(xarBytes(tocXml('<file id="1"><name>a</file>')))).toBe('malformed xml');
    expect(await refusal(xarBytes(tocXml('<file id="1"><name>a</name><__proto__/></file>')))).toBe('malformed xml');
  });

  it('refuses a table of contents longer or shorter than the header declares', async () => {
    const toc = tocXml(fileXml(1, 'a'));
    expect(await refusal(xarBytes(toc, HELLO, { declaredTocLength: (n) => n - 1 }))).toBe('table of contents length mismatch');
    expect(await refusal(xarBytes(toc, HELLO, { declaredTocLength: (n) => n + 1 }))).toBe('table of contents length mismatch');
    const huge = { declaredTocLength: () => 64 * 1024 * 1024 + 1 };
    expect(await refusal(xarBytes(toc, HELLO, huge))).toBe('table of contents too large');
  });

  it('refuses bytes after the zlib stream inside the table of contents', async () => {
    const junk = { afterZlib: new Uint8Array([1, 2, 3, 4, 5]) };
    expect(await refusal(xarBytes(tocXml(fileXml(1, 'a')), HELLO, junk))).toBe('trailing data after table of contents');
  });

  it('refuses a table of contents that is not zlib data', async () => {
    const archive = xarBytes(tocXml(fileXml(1, 'a')), HELLO);
    archive.set([0x12, 0x34], 28);
    expect(await refusal(archive)).toBe('bad table of contents compression');
  });

  it('refuses a file cut inside its table of contents, and one that is not XAR', async () => {
    expect(await refusal(xarBytes(tocXml(fileXml(1, 'a')), HELLO).subarray(0, 60))).toBe('truncated table of contents');
    expect(await refusal(new TextEncoder().encode('PK\x03\x04 not a xar archive at all'))).toBe('bad magic');
    expect(await refusal(new Uint8Array())).toBe('bad magic');
  });
});

describe('checkXarArchive on the libarchive samples of the corpus', () => {
  const sample = (name: string) => fileSource(join(CORPUS_DIR, 'libarchive', `test_read_format_xar_${name}.xar`));

  it('passes large_mode (SHA-1, a 14-digit octal mode)', async () => {
    await expect(checkXarArchive(await sample('large_mode'))).resolves.toBeUndefined();
  });

  it.each([
    ['atou64_overread', 'no table of contents checksum'],
    ['base64_oob', 'no table of contents checksum'],
    ['parse_time_overread', 'no table of contents checksum'],
    ['duplicate_filename_node', 'duplicate name element'],
  ])('refuses %s: %s', async (name, problem) => {
    expect(await problemOf(await sample(name))).toBe(problem);
  });

  it('settles doublelink one way or the other (7-Zip refuses it later)', async () => {
    const outcome = await checkXarArchive(await sample('doublelink')).then(
      () => 'passes',
      (e: unknown) => `refused: ${String((e as EngineError).details.problem)}`,
    );
    console.log(`xar doublelink: ${outcome}`);
    expect(outcome).toMatch(/^(passes|refused: )/);
  });

  it('passes every XAR the manifest expects to open', async () => {
    const openable = loadManifest().filter((c) => c.format === 'xar' && c.expect === 'ok');
    expect(openable.length).toBeGreaterThan(0);
    for (const testCase of openable) {
      const [path] = partsOf(testCase);
      await expect(checkXarArchive(await fileSource(path!)), testCase.path).resolves.toBeUndefined();
    }
  });
});
