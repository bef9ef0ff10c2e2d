import { computeSha256 } from '../file-preview/sha256';
import type { HashAnswer, HashRequest } from './hash-protocol';

/** Hashes batches of Blobs; `cancel` abandons whatever is under way (its promise rejects). */
export interface Hasher {
  hash(blobs: Blob[]): Promise<(string | null)[]>;
  cancel(): void;
}

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

  hash(blobs: Blob[]): Promise<(string | null)[]> {
    const worker = (this.#worker ??= this.#start());
    const batch = ++this.#next;
    return new Promise((resolve, reject) => {
      this.#waiting.set(batch, { resolve, reject });
      worker.postMessage({ batch, blobs } satisfies HashRequest);
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
      this.#waiting.get(data.batch)?.resolve(data.hashes);
      this.#waiting.delete(data.batch);
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

  async hash(blobs: Blob[]): Promise<(string | null)[]> {
    const generation = this.#generation;
    const hashes: (string | null)[] = [];
    for (const blob of blobs) hashes.push(await computeSha256(blob).catch(() => null));
    if (generation !== this.#generation) throw new HashCancelled();
    return hashes;
  }

  cancel(): void {
    this.#generation += 1;
  }
}
