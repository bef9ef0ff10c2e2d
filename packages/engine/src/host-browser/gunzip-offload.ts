import type { ArchiveSource } from '../core/types.js';
import { GzipFailure, gunzip } from '../tar/gzip-reader.js';
import { batchCredit, GUNZIP_BATCHES_AHEAD, type GunzipMessage, type GunzipRequest } from './gunzip-protocol.js';

/**
 * A .tar.gz on two cores: its gzip decoding runs in a worker of its own (gunzip-worker.ts) while
 * the engine's worker reads the tar and writes the files. In one thread the two took turns (200 MB
 * set: the worker busy ~1.5 s without a gap, the inflate ~0.55 s of it). On this project's 2-core
 * VMs the gain is small, the page and the browser's own threads use the other core (4 % at 1.2 GB);
 * where a core is free the inflate alone sets the pace. The decoded chunks are moved between the
 * workers, never copied: copying them into 1 MiB buffers cost ~1 CPU-s on the 1.2 GB set in
 * decision 037's trial. docs/decisions/039-tar-gz-on-two-cores.md has the figures.
 */

/**
 * A smaller .tar.gz is decoded in the engine's worker: the second worker's start (~25–35 ms) made
 * the bench's 27 MB one ~10 % slower (0.209 s against 0.189 s, alternated), and at 72 MB (the 200
 * MB set) it neither gained nor lost on two cores.
 */
export const GUNZIP_OFFLOAD_MIN_BYTES = 64 * 1024 * 1024;

let workerUrl: string | null = null;
let minBytes = GUNZIP_OFFLOAD_MIN_BYTES;

/**
 * Where the app's bundle put the gunzip worker's entry. Without it (a host that does not bundle
 * it) gzip is decoded in the engine's worker, as before. `fromBytes`: the smallest file sent there.
 */
export function offloadGunzipTo(url: string, fromBytes = GUNZIP_OFFLOAD_MIN_BYTES): void {
  workerUrl = url;
  minBytes = fromBytes;
}

/** Bytes decoded ahead in this worker's queue, beside the batches the gunzip worker may send. */
const QUEUED_BYTES = 1 << 20;

/**
 * The decoded bytes of a gzip file, from a worker of their own; null when there is none to use
 * (no URL, a file under `minBytes`, or a source that is not a user's File: a gzip inside another
 * archive). If the worker fails to start (it never answered), the same bytes are decoded here.
 */
export function offloadedGunzip(source: ArchiveSource): ReadableStream<Uint8Array> | null {
  const file = (source as { file?: unknown }).file;
  if (workerUrl === null || !(file instanceof File) || file.size < minBytes || typeof Worker !== 'function') return null;
  const worker = new Worker(workerUrl, { type: 'module' });
  const ask = (request: GunzipRequest) => worker.postMessage(request);
  let answered = false;
  let finished = false;
  let local: ReadableStreamDefaultReader<Uint8Array> | null = null;
  const credit = batchCredit(GUNZIP_BATCHES_AHEAD);
  const finish = () => {
    finished = true;
    worker.terminate();
  };
  const pumpLocal = async (controller: ReadableStreamDefaultController<Uint8Array>) => {
    try {
      const next = await local?.read();
      if (!next || next.done) controller.close();
      else controller.enqueue(next.value);
    } catch (error) {
      controller.error(error);
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        worker.onmessage = ({ data }: MessageEvent<GunzipMessage>) => {
          answered = true;
          if (finished) return;
          if (data.type === 'chunks') {
            credit.received();
            for (const chunk of data.chunks) controller.enqueue(chunk);
          } else if (data.type === 'end') {
            finish();
            controller.close();
          } else {
            finish();
            controller.error(new GzipFailure(data.kind, new Error(data.message)));
          }
        };
        worker.onerror = (event) => {
          event.preventDefault();
          if (finished) return;
          finish();
          if (answered) {
            controller.error(new GzipFailure('corrupt', new Error(`the gzip worker stopped: ${event.message}`)));
            return;
          }
          // It never started (its script failed to load): nothing was delivered, decode here.
          local = gunzip(source).stream.getReader();
          void pumpLocal(controller);
        };
        ask({ op: 'start', file, batches: GUNZIP_BATCHES_AHEAD });
      },
      pull(controller) {
        if (local) return pumpLocal(controller);
        if (!finished && credit.askMore()) ask({ op: 'more' });
        return undefined;
      },
      async cancel() {
        finish();
        await local?.cancel();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: QUEUED_BYTES }),
  );
}
