/**
 * Bit input and canonical Huffman tables for the LHA -lh4- … -lh7- decoder.
 *
 * The decoder is synchronous (a tight loop is far faster than awaiting per symbol), so its input
 * is a queue of chunks the async side keeps topped up: `available` tells it how many bytes are
 * queued, and the decoder only runs a step when enough are there (or the packed data has ended,
 * after which LHA reads zeros).
 */

export class LzhFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LzhFormatError';
  }
}

export class BitInput {
  /** Bytes queued and not yet moved into the accumulator. */
  available = 0;
  /** No more input will come: bits past the end read as zeros, as in LHA's own decoder. */
  ended = false;
  private readonly queue: Uint8Array[] = [];
  private head: Uint8Array = new Uint8Array(0);
  private at = 0;
  /** Up to 31 bits, the oldest ones highest; kept below 2^31 so bitwise operators stay positive. */
  private acc = 0;
  private accBits = 0;

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.queue.push(chunk);
    this.available += chunk.length;
  }

  /** The next `n` bits (n ≤ 16) without consuming them. */
  peek(n: number): number {
    if (this.accBits < n) this.fill();
    return (this.acc >>> (this.accBits - n)) & ((1 << n) - 1);
  }

  drop(n: number): void {
    if (this.accBits < n) this.fill();
    this.accBits -= n;
    this.acc &= (1 << this.accBits) - 1;
  }

  bits(n: number): number {
    if (n === 0) return 0;
    const value = this.peek(n);
    this.drop(n);
    return value;
  }

  private fill(): void {
    while (this.accBits <= 23) {
      this.acc = (this.acc << 8) | this.nextByte();
      this.accBits += 8;
    }
  }

  private nextByte(): number {
    while (this.at >= this.head.length) {
      const next = this.queue.shift();
      if (!next) {
        if (this.ended) return 0;
        // The driver keeps enough bytes queued for every step; running dry is a bug, not damage.
        throw new Error('LZH decoder input ran dry');
      }
      this.head = next;
      this.at = 0;
    }
    this.available -= 1;
    return this.head[this.at++] as number;
  }
}

/**
 * A canonical Huffman code (codes assigned by increasing length, then symbol, as LHA's
 * make_table does) decoded with one lookup in a table indexed by the next `maxLength` bits.
 * An over-subscribed code is refused; an incomplete one is accepted and fails only if one of
 * its unused codes actually appears.
 */
export class HuffmanTable {
  readonly lengths: Uint8Array;
  private table = new Uint32Array(1);
  private maxLength = 0;

  constructor(readonly symbols: number) {
    this.lengths = new Uint8Array(symbols);
  }

  /** A table with one symbol and no bits at all (what LHA writes as a count of 0). */
  setSingle(symbol: number): void {
    if (symbol >= this.symbols) throw new LzhFormatError('Bad Huffman table (single symbol out of range)');
    this.lengths.fill(0);
    this.maxLength = 0;
    this.table = Uint32Array.of(symbol + 1);
  }

  /** Builds the lookup table from `lengths` (each 0…16). */
  build(): void {
    const count = new Uint32Array(17);
    let maxLength = 0;
    for (const length of this.lengths) {
      if (length > 16) throw new LzhFormatError('Bad Huffman table (code too long)');
      count[length] = (count[length] ?? 0) + 1;
      if (length > maxLength) maxLength = length;
    }
    // Codes are 16-bit fractions: each length-l code takes 2^(16-l) of the 2^16 space.
    let space = 0;
    for (let length = 1; length <= 16; length += 1) space += (count[length] ?? 0) << (16 - length);
    if (space > 1 << 16) throw new LzhFormatError('Bad Huffman table (over-subscribed)');
    if (maxLength === 0) throw new LzhFormatError('Bad Huffman table (no codes)');
    const size = 1 << maxLength;
    const table = new Uint32Array(size); // 0: no symbol has this code
    const next = new Uint32Array(17);
    let code = 0;
    for (let length = 1; length <= maxLength; length += 1) {
      next[length] = code;
      code = (code + (count[length] ?? 0)) << 1;
    }
    for (let symbol = 0; symbol < this.symbols; symbol += 1) {
      const length = this.lengths[symbol] as number;
      if (length === 0) continue;
      const first = (next[length] as number) << (maxLength - length);
      next[length] = (next[length] as number) + 1;
      const span = 1 << (maxLength - length);
      // Entry: symbol + 1 in the low 16 bits, code length above.
      table.fill((length << 16) | (symbol + 1), first, first + span);
    }
    this.table = table;
    this.maxLength = maxLength;
  }

  decode(input: BitInput): number {
    const entry = this.table[this.maxLength === 0 ? 0 : input.peek(this.maxLength)] as number;
    if (entry === 0) throw new LzhFormatError('Bad Huffman code');
    input.drop(entry >>> 16);
    return (entry & 0xffff) - 1;
  }
}
