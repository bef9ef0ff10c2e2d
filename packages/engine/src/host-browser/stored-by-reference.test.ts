import { SERVER_LIMITS } from '@archive-opener/shared';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import { extractZip } from '../zip/zip-backend.js';
import { blobSource } from './blob-source.js';
import { browserCodec } from './browser-codec.js';
import { memorySink } from './memory-sink.js';
import { heldOutput } from './held-output.js';
import type { SinkSlice } from './output-store.js';
import { sliceToBlob, type FileSlice } from './worker-protocol.js';

// The browser host's own pieces (a File read by slices, its codec, its sink), run in Node, which
// has File and Blob too. The page reads a file by slicing where the worker says it lies.
const bytesOf = async (slice: SinkSlice) => new Uint8Array(await sliceToBlob(slice as FileSlice).arrayBuffer());

const stored = new Uint8Array(200_000).map((_, i) => (i * 7919) % 251);
const deflated = new TextEncoder().encode('entry header volume stream deflate\n'.repeat(4000));
const archive = () => zipSync({ 'stored.bin': [stored, { level: 0 }], 'text.txt': [deflated, { level: 6 }] });

async function extract(bytes: Uint8Array) {
  const file = new File([bytes as Uint8Array<ArrayBuffer>], 'mixed.zip');
  // Held output allowed, as on the site: a stored entry is still a range of the File.
  const sink = memorySink(heldOutput(64 * 1024 * 1024));
  const result = await extractZip([blobSource(file)], sink, SERVER_LIMITS, {}, await browserCodec());
  sink.flush();
  return { file, sink, result };
}

describe('a stored zip entry in the browser host', () => {
  it('is kept as a range of the visitor’s File, not copied, and reads back byte for byte', async () => {
    const { file, sink, result } = await extract(archive());
    expect(result.entries.map((entry) => entry.path).sort()).toEqual(['stored.bin', 'text.txt']);
    const kept = sink.files.get('stored.bin');
    if (!kept) throw new Error('stored.bin was not kept');
    expect(kept).toMatchObject({ blob: file });
    expect(kept.size).toBe(stored.length);
    expect(await bytesOf(kept)).toEqual(stored);
  });

  it('leaves a deflated entry to be written as its inflated bytes', async () => {
    const { sink } = await extract(archive());
    const kept = sink.files.get('text.txt');
    if (!kept) throw new Error('text.txt was not kept');
    // Its own bytes, held for the page: not a range of the File.
    expect('parts' in kept).toBe(true);
    expect(await bytesOf(kept)).toEqual(deflated);
  });

  it('is checked before it is kept: a wrong CRC-32 is CORRUPT_ARCHIVE', async () => {
    const bytes = archive();
    // The stored entry's bytes, changed in place: its CRC-32 no longer matches.
    const at = bytes.findIndex((_, i) => bytes[i] === stored[0] && bytes[i + 1] === stored[1] && bytes[i + 2] === stored[2]);
    expect(at).toBeGreaterThan(0);
    bytes[at + 1000] = (bytes[at + 1000] ?? 0) ^ 0xff;
    const outcome = await extract(bytes).then(
      () => null,
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(EngineError);
    expect((outcome as EngineError).code).toBe('CORRUPT_ARCHIVE');
    expect((outcome as EngineError).details).toMatchObject({ entry: 'stored.bin', problem: 'size or CRC-32 mismatch' });
  });
});
