import type { ExtractedFile } from '../file-manager/extracted-file';
import { HashCancelled, InPageHasher, WorkerHasher, type Hasher, type HashSource } from './worker-hasher';

/** A file's checksum as a card shows it. */
export type ChecksumState = { status: 'pending' } | { status: 'done'; sha256: string } | { status: 'failed' };

/** How many of the tracked files have their checksum (failed ones count as not done). */
export interface ChecksumProgress {
  done: number;
  total: number;
}

const PENDING: ChecksumState = { status: 'pending' };
const FAILED: ChecksumState = { status: 'failed' };

/** Most files and bytes sent to the worker in one message: small files share a round trip. */
const BATCH_FILES = 64;
const BATCH_BYTES = 32 * 1024 * 1024;
/**
 * Main-thread time spent gathering one batch: reading a file's Blob cuts it out of the archive's
 * output (about a millisecond each in Chromium), so a batch stops growing after this long.
 */
const BATCH_GATHER_MS = 4;
/**
 * A file whose bytes the page holds (not yet a Blob) from this size is hashed from those bytes,
 * alone, a piece at a time: making its Blob would copy all of it in one main-thread task.
 */
const HELD_ALONE_BYTES = 1024 * 1024;

/** What a batch hashes of a file: its Blob, or the bytes the page still holds as they are. */
type HeldContents = Uint8Array | AsyncIterable<Uint8Array>;
type BatchEntry = { file: ExtractedFile; source: Blob | HeldContents };

/** A file's bytes the page still holds as the worker handed them over (no Blob made of them yet), else null. */
function heldContents(file: ExtractedFile & { remote?: undefined }): HeldContents | null {
  const contents = file.contents?.();
  return contents !== undefined && isHeld(contents) ? contents : null;
}

/** Told apart by shape, not `instanceof Blob`: a Blob may come from another realm (a test's Node Blob). */
function isHeld(source: Blob | HeldContents): source is HeldContents {
  return ArrayBuffer.isView(source) || Symbol.asyncIterator in source;
}

/** What the hasher is given: held pieces gathered into their list (they are already in memory). */
async function hashSourceOf(source: Blob | HeldContents): Promise<HashSource> {
  if (!isHeld(source)) return source;
  if (ArrayBuffer.isView(source)) return [source];
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  return parts;
}

type Scheduler = (run: () => void) => void;

/** After the page has drawn the files: hashing never delays the listing. */
const afterPaint: Scheduler = (run) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 300 }) : setTimeout(run, 0);

/**
 * The SHA-256 of every file the file manager shows, computed in a worker, one batch at a time:
 * files whose cards are on screen first, then the rest in list order. Files dismissed (a new
 * archive, the list cleared) are dropped from the queue, and a batch that holds one is abandoned.
 * Server files come with the checksum the server computed and are never hashed here.
 */
export class ChecksumService {
  readonly #hasher: Hasher;
  readonly #schedule: Scheduler;
  readonly #done = new Map<string, ChecksumState>();
  /** The tracked files, in list order, and where the scan for the next pending one resumes. */
  #order: ExtractedFile[] = [];
  #cursor = 0;
  #tracked = new Map<string, ExtractedFile>();
  /** Cards on screen, counted (a file can have a card in two places briefly while views change). */
  readonly #visible = new Map<string, { file: ExtractedFile; count: number }>();
  #inFlight = new Set<string>();
  #running = false;
  #scheduled = false;
  readonly #listeners = new Map<string, Set<() => void>>();
  readonly #anyListeners = new Set<() => void>();
  readonly #remote = new WeakMap<object, ChecksumState>();
  /** Of every file tracked, server files included; a new object on each change (a snapshot for React). */
  #progress: ChecksumProgress = { done: 0, total: 0 };

  constructor(hasher: Hasher, schedule: Scheduler = afterPaint) {
    this.#hasher = hasher;
    this.#schedule = schedule;
  }

  /** The files to hash, in list order; those tracked before and absent now are dismissed. */
  track(files: readonly ExtractedFile[]): void {
    const next = new Map<string, ExtractedFile>();
    for (const file of files) if (!file.remote) next.set(file.id, file);
    const dismissed = [...this.#tracked.keys()].filter((id) => !next.has(id));
    for (const id of dismissed) this.#done.delete(id);
    this.#tracked = next;
    this.#order = [...next.values()];
    this.#cursor = 0;
    if ([...this.#inFlight].some((id) => !next.has(id))) this.#hasher.cancel();
    const remote = files.length - next.size;
    let done = 0;
    for (const id of next.keys()) if (this.#done.get(id)?.status === 'done') done += 1;
    this.#progress = { done: done + remote, total: files.length };
    this.#notifyAll();
    this.#kick();
  }

  /** A card of `file` is on screen until the returned function is called: it goes first. */
  show(file: ExtractedFile): () => void {
    if (file.remote) return () => undefined;
    const seen = this.#visible.get(file.id);
    if (seen) seen.count += 1;
    else this.#visible.set(file.id, { file, count: 1 });
    this.#kick();
    return () => {
      const entry = this.#visible.get(file.id);
      if (entry && --entry.count === 0) this.#visible.delete(file.id);
    };
  }

  state(file: ExtractedFile): ChecksumState {
    if (file.remote) {
      let state = this.#remote.get(file.remote);
      if (!state) this.#remote.set(file.remote, (state = { status: 'done', sha256: file.remote.sha256 }));
      return state;
    }
    return this.#done.get(file.id) ?? PENDING;
  }

  progress(): ChecksumProgress {
    return this.#progress;
  }

  /** Tries a failed file again. */
  retry(file: ExtractedFile): void {
    if (this.#done.get(file.id)?.status !== 'failed') return;
    this.#done.delete(file.id);
    this.#order.push(file);
    this.#notify(file.id);
    this.#kick();
  }

  subscribe(file: ExtractedFile, listener: () => void): () => void {
    let set = this.#listeners.get(file.id);
    if (!set) this.#listeners.set(file.id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(file.id);
    };
  }

  /** Called after every batch (and dismissal): for counts over many files. */
  subscribeAll(listener: () => void): () => void {
    this.#anyListeners.add(listener);
    return () => this.#anyListeners.delete(listener);
  }

  #kick(): void {
    if (this.#running || this.#scheduled) return;
    this.#scheduled = true;
    this.#schedule(() => {
      this.#scheduled = false;
      void this.#pump();
    });
  }

  async #pump(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    try {
      for (let batch = this.#nextBatch(); batch.length > 0; batch = this.#nextBatch()) {
        const ids = batch.map((entry) => entry.file.id);
        this.#inFlight = new Set(ids);
        let hashes: (string | null)[] | null;
        try {
          const sources = batch.map((entry) => entry.source);
          hashes = await this.#hasher.hash(
            sources.some(isHeld) ? await Promise.all(sources.map(hashSourceOf)) : (sources as Blob[]),
          );
        } catch (error) {
          // Cancelled: a file of the batch was dismissed; the others are picked again.
          hashes = error instanceof HashCancelled ? null : batch.map(() => null);
        }
        this.#inFlight = new Set();
        if (hashes) {
          batch.forEach(({ file }, index) => {
            if (this.#tracked.get(file.id) !== file && this.#visible.get(file.id)?.file !== file) return;
            const sha256 = hashes[index];
            this.#done.set(file.id, sha256 ? { status: 'done', sha256 } : FAILED);
            if (sha256 && this.#tracked.has(file.id)) this.#progress = { ...this.#progress, done: this.#progress.done + 1 };
            this.#notify(file.id);
          });
          this.#notifyAll();
        }
        // Let the page handle input and draw between batches.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    } finally {
      this.#running = false;
    }
  }

  #nextBatch(): BatchEntry[] {
    const batch: BatchEntry[] = [];
    const started = performance.now();
    let bytes = 0;
    let alone = false;
    const full = () =>
      alone ||
      batch.length >= BATCH_FILES ||
      bytes >= BATCH_BYTES ||
      (batch.length > 0 && performance.now() - started > BATCH_GATHER_MS);
    const take = (file: ExtractedFile | undefined) => {
      if (!file || file.remote || this.#done.has(file.id) || batch.some((entry) => entry.file === file)) return;
      const held = file.size >= HELD_ALONE_BYTES ? heldContents(file) : null;
      // A big file goes alone: a batch is answered when its last file is done.
      if (batch.length > 0 && (held || bytes + file.size > BATCH_BYTES)) return;
      batch.push({ file, source: held ?? file.blob });
      bytes += file.size;
      alone = held !== null;
    };
    // A card on screen is hashed even when its file is not tracked (a card shown on its own).
    for (const { file } of this.#visible.values()) {
      if (full()) return batch;
      take(file);
    }
    while (!full() && this.#cursor < this.#order.length) {
      const file = this.#order[this.#cursor];
      if (file && this.#tracked.get(file.id) === file && !this.#done.has(file.id)) {
        const before = batch.length;
        take(file);
        // Left for the next batch (too big to join this one): the scan resumes at it.
        if (batch.length === before && !batch.some((entry) => entry.file === file)) break;
      }
      this.#cursor += 1;
    }
    return batch;
  }

  #notify(id: string): void {
    for (const listener of this.#listeners.get(id) ?? []) listener();
  }

  #notifyAll(): void {
    for (const listener of this.#anyListeners) listener();
  }
}

let shared: ChecksumService | null = null;

/** The page's one checksum service (one worker, one queue for whatever files are shown). */
export function checksumService(): ChecksumService {
  return (shared ??= new ChecksumService(typeof Worker === 'function' ? new WorkerHasher() : new InPageHasher()));
}
