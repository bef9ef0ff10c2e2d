/// <reference lib="webworker" />
import { GzipFailure, gunzip } from '../tar/gzip-reader.js';
import { blobSource } from './blob-source.js';
import { GUNZIP_BATCH_BYTES, type GunzipMessage, type GunzipRequest } from './gunzip-protocol.js';

// The worker a .tar.gz's gzip decoding runs in, beside the engine's worker that reads the tar
// and writes the files (gunzip-offload.ts says why). It runs the same reader as in one thread
// (tar/gzip-reader.ts: every member, junk after the last, CRC and length checked) and sends
// the decoded chunks on in batches, as far ahead as the engine allows.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: GunzipMessage, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

let allowed = 0;
let wakeSender: (() => void) | null = null;

scope.onmessage = (event: MessageEvent<GunzipRequest>) => {
  const request = event.data;
  if (request.op === 'more') allowed += 1;
  else {
    allowed += request.batches;
    void decode(request.file);
  }
  wakeSender?.();
  wakeSender = null;
};

async function sendable(): Promise<void> {
  while (allowed <= 0) await new Promise<void>((resolve) => (wakeSender = resolve));
  allowed -= 1;
}

async function send(chunks: Uint8Array[]): Promise<void> {
  await sendable();
  // A buffer can be moved once per message: chunks that share one (a replay's skipped head) move it once.
  const buffers = new Set<ArrayBuffer>();
  for (const chunk of chunks) buffers.add(chunk.buffer as ArrayBuffer);
  post({ type: 'chunks', chunks }, [...buffers]);
}

async function decode(file: File): Promise<void> {
  const reader = gunzip(blobSource(file)).stream.getReader();
  try {
    let batch: Uint8Array[] = [];
    let bytes = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      batch.push(next.value);
      bytes += next.value.length;
      if (bytes < GUNZIP_BATCH_BYTES) continue;
      await send(batch);
      batch = [];
      bytes = 0;
    }
    if (batch.length > 0) await send(batch);
    post({ type: 'end' });
  } catch (error) {
    const failure = error instanceof GzipFailure ? error : new GzipFailure('corrupt', error);
    const cause = failure.cause instanceof Error ? failure.cause.message : String(failure.cause);
    post({ type: 'failed', kind: failure.kind, message: cause });
  }
}
