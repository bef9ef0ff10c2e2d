/**
 * One DecompressionStream('gzip') fed by hand, with what the gzip reader needs to know when it
 * fails: where the write that failed began, and how much it decoded before. Shared output
 * bookkeeping (`GzipOutput`) lets a replacement session skip what an earlier one delivered.
 */

/** Makes a streaming gzip decoder; hosts may lend a faster one than DecompressionStream. */
export type GzipDecoderFactory = () => TransformStream<Uint8Array, Uint8Array>;

export const platformGzipDecoder: GzipDecoderFactory = () =>
  new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>;

/** The decoded stream handed to the caller, with its back-pressure. */
export class GzipOutput {
  controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  cancelled = false;
  private waiters: (() => void)[] = [];

  wake(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Resolves once the consumer wants more (or went away). */
  async demand(): Promise<void> {
    while (!this.cancelled && (this.controller?.desiredSize ?? 1) <= 0) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  deliver(chunk: Uint8Array): void {
    if (this.cancelled || chunk.length === 0) return;
    this.controller?.enqueue(chunk);
  }
}

/** How far back write offsets are remembered: a failure shows up at most a couple of pieces late. */
const CUT_HISTORY_BYTES = 512 * 1024;

export class GzipSession {
  /** Set once the decoder failed: the first error seen, on either side. */
  error: unknown = undefined;
  failed = false;
  /** Offset (in the compressed file) where the first rejected write began, or -1. */
  failedWriteAt = -1;
  lastWriteAt = -1;
  /** Bytes this session decoded, including those skipped. */
  produced = 0;
  /** Offsets where recent writes began: the places a member can have ended. */
  readonly cuts: number[] = [];
  /** Up to here the input was cut at every place a member could end (a replay's window). */
  finelyFedTo = -1;
  private halted = false;
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly drained: Promise<void>;

  /**
   * @param start offset of the member's first byte in the compressed file
   * @param skip decoded bytes of this member already delivered by an earlier session
   */
  constructor(
    readonly start: number,
    readonly skip: number,
    private readonly output: GzipOutput,
    /** Reads decoded bytes as fast as they come, so a failure loses none (replays). */
    readonly eager: boolean,
    decoder: GzipDecoderFactory,
  ) {
    const stream = decoder();
    this.writer = stream.writable.getWriter();
    this.reader = stream.readable.getReader();
    // Rejections are recorded in `error`; these handlers only keep them from going unhandled.
    this.writer.closed.catch(() => undefined);
    this.drained = this.drain();
  }

  /** Decoded bytes of this member the consumer has received. */
  get delivered(): number {
    return Math.max(this.skip, this.produced);
  }

  async write(at: number, bytes: Uint8Array): Promise<boolean> {
    if (this.failed) return false;
    this.lastWriteAt = at;
    this.cuts.push(at);
    if (this.cuts.length > 4096 && (this.cuts[0] ?? 0) < at - CUT_HISTORY_BYTES) {
      this.cuts.splice(
        0,
        this.cuts.findIndex((cut) => cut >= at - CUT_HISTORY_BYTES),
      );
    }
    try {
      await this.writer.write(bytes);
    } catch (error) {
      if (this.failedWriteAt < 0) this.failedWriteAt = at;
      this.fail(error);
    }
    return !this.failed;
  }

  /** Ends the input and waits until every decoded byte was delivered. */
  async close(): Promise<boolean> {
    if (this.failed) return false;
    try {
      await this.writer.close();
    } catch (error) {
      this.fail(error);
    }
    await this.drained;
    return !this.failed;
  }

  /** Stops the decoder; afterwards `delivered` is final. */
  async stop(): Promise<void> {
    this.halted = true;
    this.output.wake();
    // Cancel the output first: a write waiting for its output to be read then fails instead of
    // hanging, and the abort (which waits for that write) can finish.
    await this.reader.cancel().catch(() => undefined);
    void this.writer.abort().catch(() => undefined);
    await this.drained;
  }

  private fail(error: unknown): void {
    if (!this.failed) {
      this.failed = true;
      this.error = error;
    }
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        if (!this.eager) await this.output.demand();
        if (this.halted || this.output.cancelled) return;
        const { done, value } = await this.reader.read();
        if (done) return;
        // Bytes read before a failure are good: deliver them even if the session is stopping.
        const before = this.produced;
        this.produced += value.length;
        const from = Math.max(0, this.skip - before);
        if (from < value.length) this.output.deliver(from === 0 ? value : value.subarray(from));
      }
    } catch (error) {
      this.fail(error);
    }
  }
}
