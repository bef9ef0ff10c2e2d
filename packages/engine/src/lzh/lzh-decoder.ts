import { BitInput, HuffmanTable, LzhFormatError } from './lzh-huffman.js';

/**
 * The static-Huffman LZSS decoder of LHA's -lh4- to -lh7- methods (LHa for UNIX's decode_c_st1 /
 * decode_p_st1, also libarchive's lzh_decode). Each block starts with its symbol count and three
 * code-length tables: one ("t") that codes the literal/length table's lengths, the
 * literal/length table ("c": 256 bytes + match lengths 3…256) and the position table ("p":
 * the bit length of a match distance, its lower bits following raw).
 *
 * It decodes into a ring of the method's dictionary size, filled with spaces first as LHA does,
 * so a distance reaching before the start reads what LHA would. Every table index and copy is
 * bounded; bad tables throw LzhFormatError.
 */

const NC = 256 + 256 - 3 + 2; // literals + match lengths (3…256) + 1
const NT = 16 + 3; // code lengths 0…16 plus three run-of-zeros codes
const TBIT = 5;
const CBIT = 9;
/** Bytes that one step (one symbol with its distance bits) can never exceed. */
export const STEP_BYTES = 16;
/** Bytes a block header (three tables) can never exceed: ~1.7 KiB worst case. */
export const BLOCK_HEADER_BYTES = 4096;

export interface LzhMethodShape {
  /** log2 of the dictionary: 12 (lh4), 13 (lh5), 15 (lh6), 16 (lh7). */
  dictionaryBits: number;
}

export class LzhDecoder {
  readonly input = new BitInput();
  private readonly ring: Uint8Array;
  private readonly mask: number;
  private written = 0;
  private readonly np: number;
  private readonly pbit: number;
  private readonly t = new HuffmanTable(NT);
  private readonly c = new HuffmanTable(NC);
  private readonly p: HuffmanTable;
  /** Symbols left in the current block (0: a block header comes next). */
  private blockLeft = 0;
  /** A match cut short by a full output chunk. */
  private copyLeft = 0;
  private copyFrom = 0;

  constructor({ dictionaryBits }: LzhMethodShape) {
    this.ring = new Uint8Array(1 << dictionaryBits).fill(0x20);
    this.mask = this.ring.length - 1;
    // LHA's own choice: -lh4- shares -lh5-'s position table.
    this.np = Math.max(dictionaryBits, 13) + 1;
    this.pbit = dictionaryBits >= 15 ? 5 : 4;
    this.p = new HuffmanTable(this.np);
  }

  /**
   * Decodes into `out` from `start` until it is full or the queued input runs short; returns the
   * end offset. `needs` afterwards says how many queued bytes the next step wants.
   */
  decode(out: Uint8Array, start: number): number {
    const input = this.input;
    const ring = this.ring;
    const mask = this.mask;
    let o = start;
    let w = this.written;
    while (o < out.length) {
      if (this.copyLeft > 0) {
        const n = Math.min(this.copyLeft, out.length - o);
        let from = this.copyFrom;
        for (let k = 0; k < n; k += 1) {
          const byte = ring[from & mask] as number;
          ring[w & mask] = byte;
          out[o++] = byte;
          from += 1;
          w += 1;
        }
        this.copyFrom = from & mask;
        this.copyLeft -= n;
        continue;
      }
      if (this.blockLeft === 0) {
        if (!input.ended && input.available < BLOCK_HEADER_BYTES) break;
        this.readBlockHeader();
        continue;
      }
      if (!input.ended && input.available < STEP_BYTES) break;
      const symbol = this.c.decode(input);
      this.blockLeft -= 1;
      if (symbol < 256) {
        ring[w & mask] = symbol;
        out[o++] = symbol;
        w += 1;
        continue;
      }
      this.copyLeft = symbol - 253; // 256 → a match of 3
      this.copyFrom = (w - this.position() - 1) & mask;
    }
    this.written = w & mask;
    return o;
  }

  /** Queued bytes the next step wants before `decode` can go on. */
  get needs(): number {
    return this.blockLeft === 0 && this.copyLeft === 0 ? BLOCK_HEADER_BYTES : STEP_BYTES;
  }

  private position(): number {
    const bits = this.p.decode(this.input);
    return bits === 0 ? 0 : (1 << (bits - 1)) + this.input.bits(bits - 1);
  }

  private readBlockHeader(): void {
    const count = this.input.bits(16);
    if (count === 0) throw new LzhFormatError('Empty LZH block');
    this.readLengths(this.t, NT, TBIT, 3);
    this.readCharLengths();
    this.readLengths(this.p, this.np, this.pbit, -1);
    this.blockLeft = count;
  }

  /** read_pt_len: lengths 0…6 in 3 bits, 7 and up as 111 then one 1-bit per extra, ended by a 0. */
  private readLengths(table: HuffmanTable, symbols: number, countBits: number, special: number): void {
    const input = this.input;
    const n = input.bits(countBits);
    if (n === 0) {
      table.setSingle(input.bits(countBits));
      return;
    }
    if (n > symbols) throw new LzhFormatError('Bad LZH length table size');
    const lengths = table.lengths;
    lengths.fill(0);
    let i = 0;
    while (i < n) {
      let length = input.bits(3);
      if (length === 7) {
        while (input.bits(1) === 1) {
          length += 1;
          if (length > 16) throw new LzhFormatError('Bad LZH code length');
        }
      }
      lengths[i++] = length;
      if (i === special) {
        // After the third length of the "t" table, 2 bits say how many of the next are zero.
        const zeros = input.bits(2);
        for (let z = 0; z < zeros && i < n; z += 1) lengths[i++] = 0;
      }
    }
    table.build();
  }

  /** read_c_len: lengths coded with the "t" table; codes 0, 1, 2 are runs of zero lengths. */
  private readCharLengths(): void {
    const input = this.input;
    const n = input.bits(CBIT);
    if (n === 0) {
      this.c.setSingle(input.bits(CBIT));
      return;
    }
    if (n > NC) throw new LzhFormatError('Bad LZH literal table size');
    const lengths = this.c.lengths;
    lengths.fill(0);
    let i = 0;
    while (i < n) {
      const code = this.t.decode(input);
      if (code > 2) {
        lengths[i++] = code - 2;
        continue;
      }
      const zeros = code === 0 ? 1 : code === 1 ? input.bits(4) + 3 : input.bits(CBIT) + 20;
      // LHA lets a run pass the declared count (the rest is zero anyway), not the table's end.
      if (i + zeros > NC) throw new LzhFormatError('Bad LZH literal table run');
      i += zeros; // already zero
    }
    this.c.build();
  }
}
