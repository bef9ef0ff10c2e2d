import { EngineError } from '../core/engine-error.js';
import { limitMessage } from '../core/limit-tracker.js';

/**
 * The LZ4 block format (lz4/doc/lz4_Block_format.md): a run of sequences, each a token, literals,
 * then a match (2-byte offset, length). The input is untrusted, so every length is checked against
 * what remains of the input, the block's declared maximum size and the caller's output limit before
 * a single byte is copied.
 */

export function corrupt(message: string, details: Record<string, unknown> = {}): EngineError {
  return new EngineError('CORRUPT_ARCHIVE', `LZ4: ${message}`, { kind: 'corrupt', ...details });
}

export function truncated(): EngineError {
  return new EngineError('CORRUPT_ARCHIVE', 'The archive is incomplete (it ends too early).', { kind: 'truncated' });
}

/** The decoded bytes of the whole input, in one buffer that grows by doubling and never past `max`. */
export class OutputBuffer {
  bytes: Uint8Array;
  length = 0;

  constructor(
    private readonly max: number,
    initial: number,
  ) {
    this.bytes = new Uint8Array(Math.max(0, Math.min(max, initial)));
  }

  /** Makes room for `count` more bytes, refusing to go past the caller's limit. */
  reserve(count: number): void {
    const needed = this.length + count;
    if (needed > this.max) {
      throw new EngineError('LIMIT_EXCEEDED', limitMessage('totalBytes', this.max), {
        limit: 'totalBytes',
        max: this.max,
      });
    }
    if (needed <= this.bytes.length) return;
    const grown = new Uint8Array(Math.min(this.max, Math.max(needed, this.bytes.length * 2, 65_536)));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  append(data: Uint8Array): void {
    this.reserve(data.length);
    this.bytes.set(data, this.length);
    this.length += data.length;
  }

  /** Copies `count` bytes from `offset` back; the source may overlap what is being written (a repeat). */
  copyMatch(offset: number, count: number): void {
    this.reserve(count);
    const bytes = this.bytes;
    let to = this.length;
    if (offset >= count) {
      bytes.copyWithin(to, to - offset, to - offset + count);
    } else {
      // Overlapping: each byte may be one this same match just wrote, so copy forwards one at a time.
      for (let from = to - offset, end = to + count; to < end;) bytes[to++] = bytes[from++]!;
    }
    this.length += count;
  }
}

/**
 * Decodes the block `src[start, end)` onto `out`. Matches may reach back to `windowStart` (the block's
 * own start for independent blocks, the frame's start for linked ones, whose offsets can reach into the
 * previous 64 KiB); the block may add at most `blockMax` bytes.
 */
export function decodeBlock(
  src: Uint8Array,
  start: number,
  end: number,
  out: OutputBuffer,
  windowStart: number,
  blockMax: number,
) {
  const blockEnd = out.length + blockMax;
  let ip = start;
  const extraLength = (): number => {
    // Lengths of 15 continue in bytes of 255 until a smaller one; each costs an input byte, so this ends.
    let sum = 0;
    let byte: number;
    do {
      if (ip >= end) throw corrupt('block ends inside a length');
      byte = src[ip++]!;
      sum += byte;
    } while (byte === 255);
    return sum;
  };
  for (;;) {
    // A block always ends with literals (possibly none), so there is always a token to read.
    if (ip >= end) throw corrupt('block ends without its last literals');
    const token = src[ip++]!;
    let literals = token >>> 4;
    if (literals === 15) literals += extraLength();
    if (literals > end - ip) throw corrupt('literal run runs past the end of the block', { literals });
    if (out.length + literals > blockEnd) throw corrupt('block decodes to more than its maximum size', { blockMax });
    out.append(src.subarray(ip, ip + literals));
    ip += literals;
    if (ip === end) return;
    if (end - ip < 2) throw corrupt('block ends inside a match offset');
    const offset = src[ip]! | (src[ip + 1]! << 8);
    ip += 2;
    if (offset === 0 || offset > out.length - windowStart) {
      throw corrupt('match offset points before the start of the output', { offset });
    }
    let length = (token & 15) + 4;
    if (length === 19) length += extraLength();
    if (out.length + length > blockEnd) throw corrupt('block decodes to more than its maximum size', { blockMax });
    out.copyMatch(offset, length);
  }
}
