import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { SERVER_LIMITS } from '@archive-opener/shared';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import { zlibCodec } from '../host-node/zlib-codec.js';
import { concat } from '../tar/tar-writer.js';
import { extractZip } from './zip-backend.js';
import { MemorySink, memorySource } from '../testing/memory-io.js';
import { CORPUS_DIR } from '@archive-opener/test-support/corpus';

/** Real hosts take whole files (`writeBytes`), which lets small entries go through the host's codec. */
async function extractBytes(bytes: Uint8Array) {
  const sink = new MemorySink({ writeBytes: true });
  const result = await extractZip([memorySource(bytes, 'test.zip')], sink, SERVER_LIMITS, {}, zlibCodec);
  return { result, sink };
}

async function failureOf(bytes: Uint8Array): Promise<EngineError> {
  const error = await extractBytes(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof EngineError)) throw new Error(`expected an EngineError, got ${String(error)}`);
  return error;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** An Info-ZIP Unicode Path block (0x7075) for a stored name. */
function unicodePath(storedName: Uint8Array, utf8Name: string, crcOf: Uint8Array = storedName): Uint8Array {
  const name = utf8(utf8Name);
  const block = new Uint8Array(4 + 5 + name.length);
  const view = new DataView(block.buffer);
  view.setUint16(0, 0x7075, true);
  view.setUint16(2, 5 + name.length, true);
  block[4] = 1;
  view.setUint32(5, crc32(crcOf), true);
  block.set(name, 9);
  return block;
}

interface ZipSpec {
  name: Uint8Array;
  localName?: Uint8Array;
  data: Uint8Array;
  /** Deflate the data (else stored). */
  deflate?: boolean;
  localFlags?: number;
  localExtra?: Uint8Array;
  centralExtra?: Uint8Array;
  declaredComment?: number;
  entryCount?: number;
  appended?: Uint8Array;
}

/** A one-entry zip written field by field, so that each test can break exactly one thing. */
function buildZip(spec: ZipSpec): Uint8Array {
  const localName = spec.localName ?? spec.name;
  const localExtra = spec.localExtra ?? new Uint8Array();
  const centralExtra = spec.centralExtra ?? new Uint8Array();
  const packed = spec.deflate ? deflateRawSync(spec.data) : spec.data;
  const method = spec.deflate ? 8 : 0;
  const crc = crc32(spec.data);
  const local = new Uint8Array(30 + localName.length + localExtra.length);
  const lv = new DataView(local.buffer);
  lv.setUint32(0, 0x04034b50, true);
  lv.setUint16(4, 20, true);
  lv.setUint16(6, spec.localFlags ?? 0, true);
  lv.setUint16(8, method, true);
  lv.setUint32(14, crc, true);
  lv.setUint32(18, packed.length, true);
  lv.setUint32(22, spec.data.length, true);
  lv.setUint16(26, localName.length, true);
  lv.setUint16(28, localExtra.length, true);
  local.set(localName, 30);
  local.set(localExtra, 30 + localName.length);
  const central = new Uint8Array(46 + spec.name.length + centralExtra.length);
  const cv = new DataView(central.buffer);
  cv.setUint32(0, 0x02014b50, true);
  cv.setUint16(4, 20, true);
  cv.setUint16(6, 20, true);
  cv.setUint16(10, method, true);
  cv.setUint32(16, crc, true);
  cv.setUint32(20, packed.length, true);
  cv.setUint32(24, spec.data.length, true);
  cv.setUint16(28, spec.name.length, true);
  cv.setUint16(30, centralExtra.length, true);
  central.set(spec.name, 46);
  central.set(centralExtra, 46 + spec.name.length);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, spec.entryCount ?? 1, true);
  ev.setUint16(10, spec.entryCount ?? 1, true);
  ev.setUint32(12, central.length, true);
  ev.setUint32(16, local.length + packed.length, true);
  ev.setUint16(20, spec.declaredComment ?? 0, true);
  return concat(local, packed, central, end, spec.appended ?? new Uint8Array());
}

const base = { name: utf8('hello.txt'), data: utf8('hello, world\n') };

describe('libzip inconsistency samples that lenient readers extract', () => {
  it.each([
    ['incons-archive-comment-longer.zip', 'the archive comment runs past the end of the file'],
    ['incons-ef-central-size-wrong.zip', 'central extra field block runs past its end'],
    ['incons-ef-local-id-size.zip', 'local extra field block runs past its end'],
    ['incons-ef-local-dupe-utf8name.zip', 'local header disagrees with the central directory (Unicode name)'],
    ['incons-ef-local-utf8name-ascii.zip', 'local header disagrees with the central directory (Unicode name)'],
    ['incons-file-count-overflow.zip', 'entry count larger than the central directory'],
    ['incons-trailing-garbage.zip', 'local header disagrees with the central directory (flags)'],
  ])('refuses %s (%s) and writes nothing', async (file, problem) => {
    const bytes = readFileSync(join(CORPUS_DIR, 'libzip', file));
    const sink = new MemorySink({ writeBytes: true });
    const error = await extractZip([memorySource(bytes, file)], sink, SERVER_LIMITS, {}, zlibCodec).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('CORRUPT_ARCHIVE');
    expect(String((error as EngineError).details.problem)).toContain(problem);
    expect(sink.files.size).toBe(0);
  });

  it('still opens the samples whose oddities are harmless', async () => {
    for (const file of [
      'incons-ef-local-dupe-utf8comment.zip',
      'incons-archive-comment-shorter.zip',
      'incons-gap-before-cd.zip',
    ]) {
      const bytes = readFileSync(join(CORPUS_DIR, 'libzip', file));
      const { result } = await extractBytes(bytes);
      expect(result.entries.length, file).toBeGreaterThan(0);
    }
  });
});

describe('zip consistency checks', () => {
  it('opens a well-formed archive built by the helper', async () => {
    const { result, sink } = await extractBytes(buildZip({ ...base, deflate: true }));
    expect(result.entries.map((e) => e.path)).toEqual(['hello.txt']);
    expect(new TextDecoder().decode(sink.files.get('hello.txt'))).toBe('hello, world\n');
  });

  it('tolerates zipalign padding in a local header: up to three zero bytes that are no extra block', async () => {
    const { result } = await extractBytes(buildZip({ ...base, localExtra: new Uint8Array(3) }));
    expect(result.entries).toHaveLength(1);
  });

  it('refuses an extra block longer than its field, local or central', async () => {
    const overrun = new Uint8Array([0x55, 0x54, 0x09, 0x00, 1, 2, 3]);
    expect((await failureOf(buildZip({ ...base, localExtra: overrun }))).details.problem).toBe(
      'local extra field block runs past its end',
    );
    expect((await failureOf(buildZip({ ...base, centralExtra: overrun }))).details.problem).toBe(
      'central extra field block runs past its end',
    );
  });

  it('accepts an 8-bit local name when both headers carry the same Unicode Path', async () => {
    const stored = new Uint8Array([0x63, 0x61, 0x66, 0x3f]); // "caf?": how writers approximate "café"
    const path = unicodePath(stored, 'café');
    const { result } = await extractBytes(buildZip({ ...base, name: stored, localExtra: path, centralExtra: path }));
    expect(result.entries.map((e) => e.path)).toEqual(['café']);
  });

  it('refuses a local Unicode Path naming another file, and ignores a stale one', async () => {
    const renamed = unicodePath(base.name, 'other.txt');
    expect((await failureOf(buildZip({ ...base, localExtra: renamed }))).details.problem).toContain('Unicode name');
    // Its CRC-32 is of an older name: the specification says to ignore it, so the names agree.
    const stale = unicodePath(base.name, 'other.txt', utf8('old.txt'));
    const { result } = await extractBytes(buildZip({ ...base, localExtra: stale }));
    expect(result.entries.map((e) => e.path)).toEqual(['hello.txt']);
  });

  it('refuses a comment that runs past the end of the file as truncated', async () => {
    const error = await failureOf(buildZip({ ...base, declaredComment: 10 }));
    expect(error.details).toMatchObject({ kind: 'truncated' });
  });

  it('reads past appended data that happens to contain an end-record signature', async () => {
    const fake = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(16).fill(0), 0xff, 0xff]);
    const { result } = await extractBytes(buildZip({ ...base, appended: fake }));
    expect(result.entries).toHaveLength(1);
  });

  it('refuses an entry count the central directory cannot hold', async () => {
    const error = await failureOf(buildZip({ ...base, entryCount: 2 }));
    expect(error.details.problem).toBe('entry count larger than the central directory');
  });

  it('refuses headers that disagree on a flag that changes how the entry is read', async () => {
    // A data descriptor announced in one header only: a streaming reader would look for the end
    // of the data somewhere else than the central directory says.
    const error = await failureOf(buildZip({ ...base, deflate: true, localFlags: 0x08 }));
    expect(error.details.problem).toBe('local header disagrees with the central directory (flags)');
  });
});
