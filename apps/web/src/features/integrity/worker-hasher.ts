import { computeSha256 } from '../file-preview/sha256';
import type { HashAnswer, HashRequest } from './hash-protocol';

/**
 * A file's bytes as the hasher takes them: its Blob, or the pieces the page holds (hashed without
 * first copying them all into a Blob on the main thread, which took one long task per big file).
 */
export type HashSource = Blob | readonly Uint8Array[];

/** Hashes batches of files; `cancel` abandons whatever is under way (its promise rejects). */
export interface Hasher {
  /** Several Blobs, or one file's held pieces. */
  hash(sources: HashSource[]): Promise<(string | null)[]>;
  cancel(): void;
}

async function piecesSha256(pieces: readonly Uint8Array[]): Promise<string> {
  const { createSHA256 } = await import('hash-wasm');
  const hasher = (await createSHA256()).init();
  for (const piece of pieces) hasher.update(piece);
  return hasher.digest('hex');
}

// An array, not `instanceof Blob`: a Blob from another realm (a test's runtime) is one too.
function isPieces(source: HashSource): source is readonly Uint8Array[] {
  return Array.isArray(source);
}

/** Held bytes are moved to the worker this much at a time: each copy is a short task. */
const CHUNK_BYTES = 4 * 1024 * 1024;
/**
 * A held file up to this size is copied at once and hashed by WebCrypto in the worker (about
 * three times hash-wasm's speed); larger ones go in pieces through hash-wasm, memory bounded.
 */
const WHOLE_BYTES = 16 * 1024 * 1024;

export class HashCancelled extends Error {
  constructor() {
    super('Hashing was cancelled');
    this.name = 'HashCancelled';
  }
}

/**
 * The checksum worker, started on first use. Cancelling terminates it (the only way to stop a
 * hash under way at once, as for the engine's workers: docs/decisions/027-one-worker-per-archive.md);
 * the next batch starts a fresh one.
 */
export class WorkerHasher implements Hasher {
  #worker: Worker | null = null;
  #next = 0;
  readonly #waiting = new Map<number, { resolve: (hashes: (string | null)[]) => void; reject: (error: Error) => void }>();

  async hash(sources: HashSource[]): Promise<(string | null)[]> {
    const [only] = sources;
    if (sources.length === 1 && only !== undefined && isPieces(only)) return [await this.#hashParts(only)];
    return this.#send({
      op: 'blobs',
      request: ++this.#next,
      blobs: sources.filter((source): source is Blob => !isPieces(source)),
    });
  }

  /**
   * A copy of each piece is moved to the worker, one at a time, the next sent once the worker has
   * taken the last: the page's main thread only copies a few megabytes between two of its tasks.
   */
  async #hashParts(parts: readonly Uint8Array[]): Promise<string | null> {
    const total = parts.reduce((sum, part) => sum + part.byteLength, 0);
    if (total <= WHOLE_BYTES) {
      const whole = new Uint8Array(total);
      let offset = 0;
      for (const part of parts) {
        whole.set(part, offset);
        offset += part.byteLength;
      }
      const [hash] = await this.#send({ op: 'bytes', request: ++this.#next, bytes: whole.buffer }, [whole.buffer]);
      return hash ?? null;
    }
    const stream = ++this.#next;
    const pieces: Uint8Array[] = [];
    for (const part of parts)
      for (let offset = 0; offset < part.byteLength; offset += CHUNK_BYTES)
        pieces.push(part.subarray(offset, offset + CHUNK_BYTES));
    if (pieces.length === 0) pieces.push(new Uint8Array(0));
    let answer: (string | null)[] = [];
    for (const [index, piece] of pieces.entries()) {
      const copy = piece.slice();
      const last = index === pieces.length - 1;
      answer = await this.#send({ op: 'chunk', request: ++this.#next, stream, bytes: copy.buffer, last }, [copy.buffer]);
    }
    return answer[0] ?? null;
  }

  #send(message: HashRequest, transfer: Transferable[] = []): Promise<(string | null)[]> {
    const worker = (this.#worker ??= this.#start());
    return new Promise((resolve, reject) => {
      this.#waiting.set(message.request, { resolve, reject });
      worker.postMessage(message, transfer);
    });
  }

  cancel(): void {
    this.#worker?.terminate();
    this.#worker = null;
    this.#failAll(new HashCancelled());
  }

  #start(): Worker {
    const worker = new Worker(new URL('../../workers/hash.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<HashAnswer>) => {
      this.#waiting.get(data.request)?.resolve(data.hashes);
      this.#waiting.delete(data.request);
    };
    worker.onerror = () => {
      this.#worker?.terminate();
      this.#worker = null;
      this.#failAll(new Error('The checksum worker stopped'));
    };
    return worker;
  }

  #failAll(error: Error): void {
    for (const { reject } of this.#waiting.values()) reject(error);
    this.#waiting.clear();
  }
}

/**
 * Where no Web Worker exists (the component tests' jsdom; every browser the site supports has
 * them), the same hashing in the page.
 */
export class InPageHasher implements Hasher {
  #generation = 0;

  async hash(sources: HashSource[]): Promise<(string | null)[]> {
    const generation = this.#generation;
    const hashes: (string | null)[] = [];
    for (const source of sources)
      hashes.push(await (isPieces(source) ? piecesSha256(source) : computeSha256(source)).catch(() => null));
    if (generation !== this.#generation) throw new HashCancelled();
    return hashes;
  }

  cancel(): void {
    this.#generation += 1;
  }
}
