import { SERVER_LIMITS } from '@archive-opener/shared';
import { describe, expect, it } from 'vitest';
import { concat, end, file } from '../tar/tar-writer.js';
import { MemorySink } from '../testing/memory-io.js';
import { DETECT_HEAD_BYTES } from './detect.js';
import { extractPayload, listPayload, type Payload } from './unwrap.js';

const tar = concat(file('docs/a.txt', 'hello'), file('b.txt', 'world'), end());

function payloadOf(bytes: Uint8Array, more: Partial<Payload> = {}): Payload {
  return {
    suffix: 'xz',
    head: bytes.subarray(0, DETECT_HEAD_BYTES),
    stream: () => new Blob([bytes.slice()]).stream(),
    size: bytes.length,
    archiveBytes: bytes.length,
    ...more,
  };
}

describe('the unwrap step', () => {
  it("reads what a compressor held with its format's backend, named after both", async () => {
    const sink = new MemorySink();
    const result = await extractPayload(payloadOf(tar), sink, SERVER_LIMITS, {});
    expect(result?.format).toBe('tar.xz');
    expect(new TextDecoder().decode(sink.files.get('docs/a.txt'))).toBe('hello');
    expect((await listPayload(payloadOf(tar), {}))?.entries.map((e) => e.name)).toEqual(['docs/a.txt', 'b.txt']);
  });

  it('leaves a payload that is no archive of ours to the caller', async () => {
    const plain = new TextEncoder().encode('just some text, no archive at all');
    expect(await extractPayload(payloadOf(plain), new MemorySink(), SERVER_LIMITS, {})).toBeNull();
    expect(await listPayload(payloadOf(plain), {})).toBeNull();
  });

  it('opens only the formats the caller names', async () => {
    expect(await listPayload(payloadOf(tar, { opens: ['cpio'] }), {})).toBeNull();
    expect((await listPayload(payloadOf(tar, { opens: ['tar'] }), {}))?.format).toBe('tar.xz');
  });
});
