import { describe, expect, it } from 'vitest';
import { heldOutput } from './held-output.js';
import { memorySink } from './memory-sink.js';
import { resolveStored, type OutputStore, type SinkSlice } from './output-store.js';
import { sliceToBlob } from './worker-protocol.js';

// The sink's side of the output store (output-store.ts): the OPFS store itself runs in a real
// Chromium (browser-host.test.ts); here an in-memory file with the same interface.
function memoryStore(): OutputStore & { appends: number; bytes(): Uint8Array } {
  let data = new Uint8Array(0);
  const store = {
    appends: 0,
    append(bytes: Uint8Array) {
      const at = data.length;
      const grown = new Uint8Array(at + bytes.length);
      grown.set(data);
      grown.set(bytes, at);
      data = grown;
      store.appends += 1;
      return at;
    },
    read(target: Uint8Array, position: number) {
      target.set(data.subarray(position, position + target.length));
    },
    snapshot: async () => new Blob([data]),
    finish: async () => new Blob([data]),
    remove: async () => undefined,
    bytes: () => data,
  };
  return store;
}

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);

async function contents(slice: SinkSlice | undefined, file: Blob): Promise<Uint8Array> {
  if (!slice) throw new Error('no such file');
  const resolved = 'stored' in slice ? resolveStored(slice, file) : slice;
  return new Uint8Array(await sliceToBlob(resolved).arrayBuffer());
}

describe('memorySink with an output store', () => {
  it('holds what the budget allows and writes the rest to the store, each file one range of it', async () => {
    const store = memoryStore();
    const sink = memorySink(heldOutput(1000), store);
    await sink.writeBytes?.('held', bytes(1000, 1));
    await sink.writeBytes?.('a', bytes(300, 2));
    await sink.writeBytes?.('b', [bytes(200, 3), bytes(100, 4)]);
    expect(sink.files.get('held')).toMatchObject({ size: 1000, parts: [bytes(1000, 1)] });
    expect(sink.files.get('a')).toEqual({ stored: [{ offset: 0, size: 300 }], size: 300 });
    // Pieces written one after the other are one range.
    expect(sink.files.get('b')).toEqual({ stored: [{ offset: 300, size: 300 }], size: 300 });
    const file = await store.finish();
    expect(await contents(sink.files.get('b'), file)).toEqual(new Uint8Array([...bytes(200, 3), ...bytes(100, 4)]));
    expect(resolveStored({ stored: [{ offset: 300, size: 300 }], size: 300 }, file)).toEqual({
      blob: file,
      offset: 300,
      size: 300,
    });
  });

  it('streams a large file to the store as it comes, never gathering all of it', async () => {
    const store = memoryStore();
    const sink = memorySink(heldOutput(0), store);
    const chunk = bytes(4 * 1024 * 1024, 9);
    const chunks = 6;
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === chunks) return controller.close();
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    await sink.writeFile('big', stream);
    expect(sink.files.get('big')).toEqual({ stored: [{ offset: 0, size: chunks * chunk.length }], size: chunks * chunk.length });
    // Gathered up to 16 MiB, then written chunk by chunk.
    expect(store.appends).toBeGreaterThan(2);
    expect(store.bytes().length).toBe(chunks * chunk.length);
  });

  it('resolves a file that began in held bytes and went on in the store as one Blob of both', async () => {
    const file = new Blob([new Uint8Array([7, 8, 9])]);
    const slice = resolveStored({ stored: [new Uint8Array([1, 2]), { offset: 1, size: 2 }], size: 4 }, file);
    expect(new Uint8Array(await sliceToBlob(slice).arrayBuffer())).toEqual(new Uint8Array([1, 2, 8, 9]));
  });
});
