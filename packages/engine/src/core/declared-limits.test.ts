import { gzipSync } from 'node:zlib';
import { SERVER_LIMITS, type ExtractionLimits } from '@archive-opener/shared';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MemorySink, memorySource } from '../testing/memory-io.js';
import { extractCpioStream } from '../cpio/cpio-backend.js';
import { crc16 } from '../lzh/lzh-crc.js';
import { extractLzhStream } from '../lzh/lzh-backend.js';
import { extractTarStream } from '../tar/tar-backend.js';
import { extractTarGz } from '../tar/tar-gz-backend.js';
import { concat, end, file } from '../tar/tar-writer.js';
import { extractZip } from '../zip/zip-backend.js';
import type { EngineError } from './engine-error.js';

// Entries big enough to be streamed to the sink (not read whole first), so a write that began
// before the limit tripped shows in the sink's calls.
const LIMITS: ExtractionLimits = { ...SERVER_LIMITS, maxTotalBytes: 300_000 };
const big = (size: number) => new Uint8Array(size).fill(97);
const ascii = new TextEncoder();

function newcCpio(name: string, data: Uint8Array): Uint8Array {
  const member = (entryName: string, mode: number, body: Uint8Array) => {
    const nameBytes = ascii.encode(`${entryName}\0`);
    const fields = [1, mode, 0, 0, 1, 0, body.length, 0, 0, 0, 0, nameBytes.length, 0];
    const head = ascii.encode(`070701${fields.map((f) => f.toString(16).padStart(8, '0')).join('')}`);
    const pad = (n: number) => new Uint8Array((4 - (n % 4)) % 4);
    return concat(head, nameBytes, pad(head.length + nameBytes.length), body, pad(body.length));
  };
  return concat(member(name, 0o100644, data), member('TRAILER!!!', 0, new Uint8Array()));
}

/** One stored (-lh0-) entry with a level-0 header, then the end byte. */
function lh0(name: string, data: Uint8Array): Uint8Array {
  const nameBytes = ascii.encode(name);
  const head = new Uint8Array(24 + nameBytes.length);
  const view = new DataView(head.buffer);
  head[0] = head.length - 2;
  head.set(ascii.encode('-lh0-'), 2);
  view.setUint32(7, data.length, true);
  view.setUint32(11, data.length, true);
  view.setUint32(15, 0x5a210000, true);
  head[19] = 0x20;
  head[21] = nameBytes.length;
  head.set(nameBytes, 22);
  view.setUint16(22 + nameBytes.length, crc16(0, data), true);
  head[1] = head.subarray(2).reduce((sum, b) => sum + b, 0) & 0xff;
  return concat(head, data, new Uint8Array([0]));
}

async function refusal(run: (sink: MemorySink) => Promise<unknown>): Promise<{ code: string; calls: string[] }> {
  const sink = new MemorySink({ writeBytes: true });
  const error = (await run(sink).then(
    () => null,
    (e: unknown) => e,
  )) as EngineError | null;
  return { code: error?.code ?? 'no error', calls: sink.calls };
}

const streamInfo = (format: string, bytes: Uint8Array) => ({ format, archiveBytes: bytes.length, bytesTotal: bytes.length });

describe('sizes an archive declares are checked before anything is written', () => {
  it('zip: the central directory’s total, even when each entry alone fits', async () => {
    const bytes = zipSync({ 'a.bin': [big(200_000), { level: 0 }], 'b.bin': [big(200_000), { level: 0 }] });
    const outcome = await refusal((sink) => extractZip([memorySource(bytes, 'a.zip')], sink, LIMITS, {}));
    expect(outcome).toEqual({ code: 'LIMIT_EXCEEDED', calls: [] });
  });

  it('zip: a declared expansion past the ratio limit', async () => {
    const bytes = zipSync({ 'zeros.bin': [new Uint8Array(2_000_000), { level: 9 }] });
    const limits = { ...SERVER_LIMITS, ratioGraceBytes: 1_000_000 };
    const outcome = await refusal((sink) => extractZip([memorySource(bytes, 'a.zip')], sink, limits, {}));
    expect(outcome).toEqual({ code: 'LIMIT_EXCEEDED', calls: [] });
  });

  it('tar: an entry whose header declares more than the limit', async () => {
    const bytes = concat(file('big.bin', big(400_000)), end());
    const outcome = await refusal((sink) =>
      extractTarStream(memorySource(bytes).stream(), sink, LIMITS, {}, streamInfo('tar', bytes)),
    );
    expect(outcome).toEqual({ code: 'LIMIT_EXCEEDED', calls: [] });
  });

  it('tar.gz: the same, header by header, as the stream is read', async () => {
    const bytes = gzipSync(concat(file('big.bin', big(400_000)), end()));
    const outcome = await refusal((sink) => extractTarGz(memorySource(bytes, 'a.tar.gz'), sink, LIMITS, {}));
    expect(outcome).toEqual({ code: 'LIMIT_EXCEEDED', calls: [] });
  });

  it('cpio: an entry whose header declares more than the limit', async () => {
    const bytes = newcCpio('big.bin', big(400_000));
    const outcome = await refusal((sink) =>
      extractCpioStream(memorySource(bytes).stream(), sink, LIMITS, {}, streamInfo('cpio', bytes)),
    );
    expect(outcome).toEqual({ code: 'LIMIT_EXCEEDED', calls: [] });
  });

  it('lzh: an entry whose header declares more than the limit', async () => {
    const bytes = lh0('big.bin', big(400_000));
    const outcome = await refusal((sink) =>
      extractLzhStream(memorySource(bytes).stream(), sink, LIMITS, {}, streamInfo('lzh', bytes)),
    );
    expect(outcome).toEqual({ code: 'LIMIT_EXCEEDED', calls: [] });
  });

  it('still writes what fits, up to the limit', async () => {
    const bytes = concat(file('small.bin', big(100_000)), end());
    const sink = new MemorySink({ writeBytes: true });
    await extractTarStream(memorySource(bytes).stream(), sink, LIMITS, {}, streamInfo('tar', bytes));
    expect(sink.files.get('small.bin')).toHaveLength(100_000);
  });
});
