const BLOCK_BYTES = 16;
/** Counter blocks encrypted in one call: 64 KiB of key stream. */
const WINDOW_BLOCKS = 4096;

/**
 * WinZip AES's counter mode: block n (from 0) of the data is XORed with AES of n + 1 as a 16-byte
 * little-endian number (not the big-endian counter of the usual CTR mode, which is why the host
 * gives plain AES blocks, NativeCrypto.aesBlocks). The key stream is made up to 64 KiB at a time
 * and XORed a word at a time; what one call leaves of it serves the next, so an entry may come in
 * pieces of any length.
 */
export class WinZipCounter {
  private counter = 1;
  private readonly counters = new Uint8Array(WINDOW_BLOCKS * BLOCK_BYTES);
  private readonly view = new DataView(this.counters.buffer);
  /** Key stream made and not used yet. */
  private spare: Uint8Array = new Uint8Array(0);

  constructor(private readonly encrypt: (blocks: Uint8Array) => Uint8Array) {}

  /** The next bytes of the entry, `data`, decrypted into a new array. */
  apply(data: Uint8Array): Uint8Array {
    const out = new Uint8Array(data.length);
    out.set(data);
    let done = 0;
    while (done < out.length) {
      if (this.spare.length === 0) this.spare = this.keyStream(Math.ceil((out.length - done) / BLOCK_BYTES));
      const used = Math.min(this.spare.length, out.length - done);
      xorInto(out, done, this.spare, used);
      this.spare = this.spare.subarray(used);
      done += used;
    }
    return out;
  }

  private keyStream(wanted: number): Uint8Array {
    const blocks = Math.min(WINDOW_BLOCKS, wanted);
    for (let block = 0; block < blocks; block += 1, this.counter += 1) {
      this.view.setUint32(block * BLOCK_BYTES, this.counter >>> 0, true);
      this.view.setUint32(block * BLOCK_BYTES + 4, Math.floor(this.counter / 2 ** 32), true);
    }
    return this.encrypt(this.counters.subarray(0, blocks * BLOCK_BYTES));
  }
}

/** `out[at…at+length)` ^= `stream[0…length)`: by 32-bit words where both are aligned for them. */
function xorInto(out: Uint8Array, at: number, stream: Uint8Array, length: number): void {
  let byte = 0;
  if ((out.byteOffset + at) % 4 === 0 && stream.byteOffset % 4 === 0) {
    const words = new Uint32Array(out.buffer, out.byteOffset + at, length >>> 2);
    const streamWords = new Uint32Array(stream.buffer, stream.byteOffset, length >>> 2);
    for (let word = 0; word < words.length; word += 1) words[word] = (words[word] ?? 0) ^ (streamWords[word] ?? 0);
    byte = words.length * 4;
  }
  for (; byte < length; byte += 1) out[at + byte] = (out[at + byte] ?? 0) ^ (stream[byte] ?? 0);
}
