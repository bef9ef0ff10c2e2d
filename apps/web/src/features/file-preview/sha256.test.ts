import { describe, expect, it } from 'vitest';
import { computeSha256 } from './sha256';
import { nativeBlob } from './test-blob';

const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('computeSha256', () => {
  it('hashes with WebCrypto below the threshold', async () => {
    expect(await computeSha256(await nativeBlob('abc'))).toBe(ABC);
    expect(await computeSha256(await nativeBlob(''))).toBe(EMPTY);
  });

  it('hashes as a stream above the threshold', async () => {
    expect(await computeSha256(await nativeBlob('abc'), { streamAbove: 1 })).toBe(ABC);
  });

  it('gives the same digest on both paths for a multi-chunk blob', async () => {
    const bytes = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 31) % 256);
    const blob = await nativeBlob(bytes);
    expect(await computeSha256(blob, { streamAbove: 0 })).toBe(await computeSha256(blob));
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(computeSha256(await nativeBlob('abc'), { signal: controller.signal, streamAbove: 0 })).rejects.toThrow();
  });
});
