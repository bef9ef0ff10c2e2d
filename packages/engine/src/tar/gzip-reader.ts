import type { ArchiveSource } from '../core/types.js';
import { GzipInput, HOST_PIECE_BYTES, isMemberSignature, PIECE_BYTES, readRange, readUint32LE } from './gzip-input.js';
import { GzipOutput, GzipSession, platformGzipDecoder, type GzipDecoderFactory } from './gzip-session.js';

/**
 * Streaming gzip decoding on the platform's DecompressionStream, plus what .tar.gz files found
 * in the wild need and DecompressionStream does not give:
 *
 * - Several members one after another (`cat a.gz b.gz`, pigz -i, bgzip): Node 20 decodes them
 *   all, the Compression Streams spec (browsers) stops after the first and fails on the rest.
 * - Bytes after the last member (tape padding, appended junk): gzip and GNU tar ignore them
 *   with a warning; every DecompressionStream fails, and Node drops what the failing write decoded.
 *
 * DecompressionStream never says where a member ended, so this reader works it out: a member
 * ends right after its trailer, whose last 4 bytes are the member's decoded length mod 2^32
 * (ISIZE). When the decoder fails, the member is decoded again from its start (`replay`), the
 * already delivered bytes skipped, with a write boundary at every place where those 4 bytes fit;
 * the write that fails then holds nothing of the member, and the boundary whose ISIZE equals the
 * decoded length is the end. A gzip header there starts the next member; anything else is junk.
 * A CRC error, a wrong length or a stream that stops mid-member is never explained away.
 */

export class GzipFailure extends Error {
  constructor(
    readonly kind: 'truncated' | 'corrupt',
    override readonly cause: unknown,
  ) {
    super(`gzip: ${describe(cause)}`);
    this.name = 'GzipFailure';
  }
}

export interface GzipInfo {
  members: number;
  /** Bytes after the last member that were ignored (-1: some, how many is unknown). */
  trailingBytes: number;
}

/**
 * Decodes `source`; the stream errors with a GzipFailure. A host's own `decoder` (Node's zlib)
 * reads every member itself and is fed big pieces (gzip-input.ts); DecompressionStream gets small
 * ones. Neither input is cut at member signatures until a second member turns up.
 */
export function gunzip(
  source: ArchiveSource,
  decoder?: GzipDecoderFactory,
): { stream: ReadableStream<Uint8Array>; info: GzipInfo } {
  const output = new GzipOutput();
  const info: GzipInfo = { members: 1, trailingBytes: 0 };
  let reader: GzipReader | null = null;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        output.controller = controller;
        reader = new GzipReader(source, output, info, decoder ?? platformGzipDecoder, decoder ? HOST_PIECE_BYTES : PIECE_BYTES);
        reader.run().then(
          () => {
            if (!output.cancelled) controller.close();
          },
          (error: unknown) => {
            if (!output.cancelled) controller.error(error instanceof GzipFailure ? error : new GzipFailure('corrupt', error));
          },
        );
      },
      pull() {
        output.wake();
      },
      async cancel() {
        output.cancelled = true;
        output.wake();
        await reader?.abort();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 1 << 20 }),
  );
  return { stream, info };
}

/** Smallest gzip member: 10-byte header, 2 bytes of deflate, 8-byte trailer. */
const MIN_MEMBER_BYTES = 20;
/** deflate's largest expansion: one 258-byte match per 2 bits. */
const MAX_RATIO = 1032;
/** Decoded bytes that can sit in the decoder's queues when it fails (Node keeps up to ~16 chunks). */
const QUEUE_SLACK = 1 << 20;
const MAX_CUTS = 8192;

type Outcome = { end: number } | { member: number } | { resume: true };

class GzipReader {
  private current: GzipSession;
  private readonly input: GzipInput;

  constructor(
    private readonly source: ArchiveSource,
    private readonly output: GzipOutput,
    private readonly info: GzipInfo,
    private readonly decoder: GzipDecoderFactory,
    pieceBytes: number,
  ) {
    this.input = new GzipInput(source, pieceBytes);
    this.current = new GzipSession(0, 0, output, false, decoder);
  }

  async abort(): Promise<void> {
    await this.current.stop();
    await this.input.cancel();
  }

  async run(): Promise<void> {
    for (;;) {
      await this.output.demand();
      const piece = this.output.cancelled ? null : await this.input.next();
      if (this.output.cancelled) return this.abort();
      const ok = piece ? await this.current.write(piece.at, piece.bytes) : await this.current.close();
      if (this.output.cancelled) return this.abort();
      if (ok && !piece) return;
      if (ok) continue;
      const outcome = await this.recover(piece ? piece.at + piece.bytes.length : this.source.size, piece === null);
      if ('end' in outcome) {
        this.info.trailingBytes = outcome.end;
        return this.abort();
      }
      if ('member' in outcome) {
        this.info.members += 1;
        this.current = new GzipSession(outcome.member, 0, this.output, false, this.decoder);
        this.input.rewind(outcome.member);
        this.input.cutAtMembers();
      }
    }
  }

  /** The decoder failed after being given everything before `fedTo`. */
  private async recover(fedTo: number, atClose: boolean): Promise<Outcome> {
    const failed = this.current;
    await failed.stop();
    const error = failed.error;
    if (isChecksumError(error) || (atClose && looksTruncated(error))) throw failure(error, atClose);
    const limit = failed.failedWriteAt >= 0 ? failed.failedWriteAt : failed.lastWriteAt;
    const end = await this.findMemberEnd(failed, limit);
    if (end !== null) return end;
    if (failed.finelyFedTo >= limit) {
      // Node's gunzip checked the member (CRC and length) and then found no gzip header after it.
      if (failed.eager && /incorrect header check/i.test(describe(error))) return { end: -1 };
      throw failure(error, atClose);
    }
    if (this.input.pieceBytes > PIECE_BYTES) {
      // Fed in big pieces, the failure lies anywhere in the last one: too wide a window for the
      // replay. Decode the member again in small pieces (what was delivered is skipped); its
      // next failure is then close enough to where the member ended.
      this.input.useSmallPieces();
      this.current = new GzipSession(failed.start, failed.delivered, this.output, false, this.decoder);
      this.input.rewind(failed.start);
      return { resume: true };
    }
    return this.replay(failed, fedTo, atClose);
  }

  /** A write boundary at or before `limit` where the member ended, judged by its ISIZE. */
  private async findMemberEnd(session: GzipSession, limit: number): Promise<Outcome | null> {
    const cuts = session.cuts.filter((cut) => cut >= session.start + MIN_MEMBER_BYTES && cut <= limit && cut < this.source.size);
    const first = cuts[0];
    if (first === undefined) return null;
    const bytes = await readRange(this.source, first - 4, Math.min(this.source.size, limit + 3));
    const length = session.delivered % 2 ** 32;
    for (const cut of cuts) {
      if (readUint32LE(bytes, cut - 4 - (first - 4)) !== length) continue;
      if (isMemberSignature(bytes, cut - (first - 4))) return { member: cut };
      // Four zero bytes are too common to end a member that decoded nothing, before junk.
      if (length > 0) return { end: this.source.size - cut };
    }
    return null;
  }

  /** Decodes the failed member again, cut finely where it may have ended (see the module comment). */
  private async replay(failed: GzipSession, fedTo: number, atClose: boolean): Promise<Outcome> {
    const start = failed.start;
    const windowStart = Math.max(start, fedTo - 2 * PIECE_BYTES);
    const replay = new GzipSession(start, failed.delivered, this.output, true, this.decoder);
    this.current = replay;
    let ok = true;
    for (let at = start; ok && at < windowStart;) {
      await this.output.demand();
      if (this.output.cancelled) return { end: 0 }; // run() notices and stops the replay
      const bytes = await readRange(this.source, at, Math.min(windowStart, at + PIECE_BYTES));
      if (bytes.length === 0) throw new GzipFailure('corrupt', new Error('The archive became shorter while it was read.'));
      ok = await replay.write(at, bytes);
      at += bytes.length;
    }
    const base = Math.max(0, windowStart - 4);
    const window = await readRange(this.source, base, fedTo);
    let at = windowStart;
    for (const cut of [...candidateEnds(window, base, windowStart, fedTo, failed.delivered), fedTo]) {
      if (!ok) break;
      if (cut <= at) continue;
      await this.output.demand(); // the replay reads eagerly: pace the input instead
      if (this.output.cancelled) return { end: 0 };
      ok = await replay.write(at, window.subarray(at - base, cut - base));
      at = cut;
    }
    replay.finelyFedTo = fedTo;
    if (ok && atClose) ok = await replay.close();
    if (ok) return atClose ? { end: 0 } : { resume: true };
    return this.recover(fedTo, atClose);
  }
}

/**
 * Offsets in (from, to) after which a member of at least `decoded` bytes could have ended: the
 * 4 bytes before them, read as ISIZE, fit what the window can still have decoded. Node decodes
 * several members in one go, so a smaller length (a later member's) fits too, when few enough.
 */
function candidateEnds(window: Uint8Array, base: number, from: number, to: number, decoded: number): number[] {
  const span = (to - from) * MAX_RATIO + QUEUE_SLACK;
  const single: number[] = [];
  const any: number[] = [];
  for (let cut = from + 1; cut < to; cut += 1) {
    const isize = readUint32LE(window, cut - 4 - base);
    if ((isize - decoded) >>> 0 <= span) single.push(cut);
    else if (decoded + span < 2 ** 32 && isize <= decoded + span) any.push(cut);
  }
  if (single.length + any.length <= MAX_CUTS) return [...single, ...any].sort((a, b) => a - b);
  // The failing write is the window's last piece: keep the candidates nearest to it.
  return single.slice(-MAX_CUTS);
}

function isChecksumError(error: unknown): boolean {
  return /data check|length check|crc|checksum/i.test(describe(error));
}

function looksTruncated(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'Z_BUF_ERROR' || /unexpected end|truncat|end of (the )?(file|stream|data|input)/i.test(describe(error));
}

function failure(error: unknown, atClose: boolean): GzipFailure {
  const truncated =
    looksTruncated(error) || (atClose && !/invalid|incorrect|corrupt|not valid|junk|check/i.test(describe(error)));
  return new GzipFailure(truncated ? 'truncated' : 'corrupt', error);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
