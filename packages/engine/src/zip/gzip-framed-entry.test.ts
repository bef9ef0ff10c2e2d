import { SERVER_LIMITS } from '@archive-opener/shared';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { NativeCodec } from '../core/native-codec.js';
import type { ArchiveSource } from '../core/types.js';
import { zlibCodec } from '../host-node/zlib-codec.js';
import { gunzip } from '../tar/gzip-reader.js';
import { engineFailure } from '../testing/engine-failure.js';
import { MemorySink, memorySource, sha256 } from '../testing/memory-io.js';
import { withDeclaredSize, withWrongCrc } from '../testing/zip-bytes.js';
import { extractZip } from './zip-backend.js';

// Past NATIVE_ENTRY_MAX_BYTES a deflated entry is streamed as a gzip member (gzip-framed-entry.ts):
// by the host's gzip decoder where it lends one, else by the reader a .tar.gz goes through.
const line = new TextEncoder().encode('entry header volume stream deflate 0123456789\n');
const text = new Uint8Array(17 * 1024 * 1024).map((_, i) => line[i % line.length] ?? 0);
const zip = zipSync({ 'big.txt': [text, { level: 1 }], 'small.txt': new TextEncoder().encode('hello') });

/** Node's codec, noting what the engine asks of it; the decoding is the real one. */
function noting() {
  const asked: string[] = [];
  const inflate = zlibCodec.inflateStream;
  const codec: NativeCodec = {
    ...zlibCodec,
    inflateStream: (format) => {
      asked.push(`inflate ${format}`);
      if (!inflate) throw new Error('Node lends a streaming decoder');
      return inflate(format);
    },
  };
  return { codec, asked };
}

const extract = (bytes: Uint8Array, codec?: NativeCodec, sink = new MemorySink(), limits = SERVER_LIMITS) =>
  extractZip([memorySource(bytes, 'big.zip')], sink, limits, {}, codec);

describe('a deflated entry too large for one call', () => {
  it("gives its bytes, decoded by the host's gzip decoder", async () => {
    const { codec, asked } = noting();
    // One that takes bytes: the small entry is then inflated in one call, and zip.js is not used.
    const sink = new MemorySink({ writeBytes: true });
    const result = await extract(zip, codec, sink);
    expect(asked).toEqual(['inflate gzip']);
    expect(sha256(sink.files.get('big.txt') ?? new Uint8Array())).toBe(sha256(text));
    expect(result.entries.find((entry) => entry.path === 'big.txt')?.size).toBe(text.length);
    expect(new TextDecoder().decode(sink.files.get('small.txt'))).toBe('hello');
  });

  it('is handed as a gzip member to a host that decodes gzip elsewhere', async () => {
    const members: ArchiveSource[] = [];
    const codec: NativeCodec = {
      ...zlibCodec,
      gunzipSource(member) {
        members.push(member);
        return gunzip(member).stream;
      },
    };
    const sink = new MemorySink();
    await extract(zip, codec, sink);
    expect(members.map((member) => member.name)).toEqual(['big.zip']);
    expect(sha256(sink.files.get('big.txt') ?? new Uint8Array())).toBe(sha256(text));
  });

  it('is decoded without a host codec too', async () => {
    const sink = new MemorySink();
    await extract(zip, undefined, sink);
    expect(sha256(sink.files.get('big.txt') ?? new Uint8Array())).toBe(sha256(text));
  });

  it('reports a CRC-32 mismatch as CORRUPT_ARCHIVE', async () => {
    expect((await engineFailure(extract(withWrongCrc(zip), noting().codec))).code).toBe('CORRUPT_ARCHIVE');
    expect((await engineFailure(extract(withWrongCrc(zip)))).code).toBe('CORRUPT_ARCHIVE');
  });

  it('stops at its declared size when it inflates past it', async () => {
    // Both headers say one byte less: the CRC-32 and the rest still match the data.
    const lying = withDeclaredSize(zip, (size) => (size === text.length ? size - 1 : size));
    const error = await engineFailure(extract(lying, noting().codec));
    expect(error.code).toBe('CORRUPT_ARCHIVE');
    expect(error.details.entry).toBe('big.txt');
  });

  it('passes a failure of the sink through unchanged', async () => {
    const sink = new MemorySink();
    sink.failOn = 'big.txt';
    await expect(extract(zip, noting().codec, sink)).rejects.toThrow('disk full');
  });
});
