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

/** The worker's side: each request's blobs hashed one after another, answered together. */
export function answerHashRequests(scope: WorkerScope): void {
  scope.onmessage = ({ data }) => void answer(scope, data);
}

async function answer(scope: WorkerScope, { batch, blobs }: HashRequest): Promise<void> {
  const hashes: (string | null)[] = [];
  for (const blob of blobs) hashes.push(await computeSha256(blob, { streamAbove: STREAM_ABOVE_BYTES }).catch(() => null));
  scope.postMessage({ batch, hashes });
}
