import { createSHA256, type IHasher } from 'hash-wasm';
import { computeSha256 } from '../file-preview/sha256';
import type { HashAnswer, HashRequest } from './hash-protocol';

/**
 * Above this a file is streamed through hash-wasm (memory bounded); below it WebCrypto hashes the
 * whole file at once, which is faster (docs/decisions/035-integrity-and-safety-report.md).
 */
export const STREAM_ABOVE_BYTES = 16 * 1024 * 1024;

interface WorkerScope {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage(message: HashAnswer): void;
}

/** The worker's side: blobs hashed one after another and answered together; pieces hashed as they come. */
export function answerHashRequests(scope: WorkerScope): void {
  const streams = new Map<number, Promise<IHasher>>();
  // One message at a time, in order: a file's pieces must reach its hasher in sequence.
  let queue = Promise.resolve();
  scope.onmessage = ({ data }) => {
    queue = queue
      .then(() => answer(scope, streams, data))
      .catch(() => scope.postMessage({ request: data.request, hashes: [null] }));
  };
}

async function answer(scope: WorkerScope, streams: Map<number, Promise<IHasher>>, data: HashRequest): Promise<void> {
  if (data.op === 'blobs') {
    const hashes: (string | null)[] = [];
    for (const blob of data.blobs) hashes.push(await computeSha256(blob, { streamAbove: STREAM_ABOVE_BYTES }).catch(() => null));
    scope.postMessage({ request: data.request, hashes });
    return;
  }
  if (data.op === 'bytes') {
    // WebCrypto: some three times hash-wasm's speed, for bytes that are all here at once (the
    // Blob path falls back to hash-wasm where crypto.subtle is missing: not a secure context).
    scope.postMessage({ request: data.request, hashes: [await computeSha256(new Blob([data.bytes]))] });
    return;
  }
  let hasher = streams.get(data.stream);
  if (!hasher) {
    hasher = createSHA256().then((created) => created.init());
    streams.set(data.stream, hasher);
  }
  const ready = await hasher;
  ready.update(new Uint8Array(data.bytes));
  if (!data.last) return scope.postMessage({ request: data.request, hashes: [] });
  streams.delete(data.stream);
  scope.postMessage({ request: data.request, hashes: [ready.digest('hex')] });
}
