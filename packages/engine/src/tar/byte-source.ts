/**
 * Pull-based reading of a byte stream in the sizes a tar reader wants: whole 512-byte blocks for
 * headers (joined when they straddle chunks) and views of the incoming chunks for content, so
 * file data is never copied. Nothing is read from the stream before it is asked for.
 */
export class ByteSource {
  /** Bytes of the stream consumed so far. */
  position = 0;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  /** Unconsumed chunks (views), oldest first. */
  private readonly queue: Uint8Array[] = [];
  private buffered = 0;
  private ended = false;

  constructor(stream: ReadableStream<Uint8Array>) {
    this.reader = stream.getReader();
  }

  /** Up to `max` bytes (at least one), or null at the end of the stream. */
  async read(max: number): Promise<Uint8Array | null> {
    while (this.buffered === 0) if (!(await this.pull())) return null;
    const head = this.queue[0] as Uint8Array;
    if (head.length <= max) {
      this.queue.shift();
      this.consumed(head.length);
      return head;
    }
    this.queue[0] = head.subarray(max);
    this.consumed(max);
    return head.subarray(0, max);
  }

  /** The next `length` bytes in one piece, without consuming them; shorter only at the end. */
  async peek(length: number): Promise<Uint8Array> {
    while (this.buffered < length && (await this.pull()));
    const head = this.queue[0];
    if (!head) return new Uint8Array(0);
    if (head.length >= length || this.queue.length === 1) return head.subarray(0, length);
    const joined = new Uint8Array(Math.min(length, this.buffered));
    for (let at = 0; at < joined.length;) {
      const chunk = this.queue.shift() as Uint8Array;
      const part = chunk.subarray(0, joined.length - at);
      joined.set(part, at);
      at += part.length;
      if (part.length < chunk.length) this.queue.unshift(chunk.subarray(part.length));
    }
    this.queue.unshift(joined);
    return joined;
  }

  /** Exactly `length` bytes in one piece, or fewer at the end of the stream. */
  async take(length: number): Promise<Uint8Array> {
    const bytes = await this.peek(length);
    await this.skip(bytes.length);
    return bytes;
  }

  /** Consumes up to `length` bytes; returns how many there were. */
  async skip(length: number): Promise<number> {
    let left = length;
    while (left > 0) {
      const chunk = await this.read(left);
      if (!chunk) break;
      left -= chunk.length;
    }
    return length - left;
  }

  async cancel(reason?: unknown): Promise<void> {
    this.queue.length = 0;
    this.buffered = 0;
    this.ended = true;
    await this.reader.cancel(reason).catch(() => undefined);
  }

  private consumed(length: number): void {
    this.buffered -= length;
    this.position += length;
  }

  private async pull(): Promise<boolean> {
    if (this.ended) return false;
    const { done, value } = await this.reader.read();
    if (done) {
      this.ended = true;
      return false;
    }
    if (value.length > 0) {
      this.queue.push(value);
      this.buffered += value.length;
    }
    return true;
  }
}
