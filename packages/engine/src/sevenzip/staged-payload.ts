import { unlessFallback } from '../core/fallback.js';
import type { OutputSink } from '../core/output-sink.js';
import type { ArchiveSource, ExtractResult } from '../core/types.js';
import { extractIso, IsoFallback } from '../iso/iso-backend.js';
import type { StreamReader } from '../core/stream-readers.js';
import type { SevenZipJob } from './sevenzip-backend.js';
import type { SevenZipModule } from './sevenzip-module.js';

/** Reads a payload 7-Zip unpacked (x.tar out of x.tar.xz) with our reader; null = let 7-Zip do it. */
export async function extractStagedWith(
  reader: StreamReader,
  sz: SevenZipModule,
  path: string,
  sink: OutputSink,
  job: SevenZipJob,
  format: string,
): Promise<ExtractResult | null> {
  const size = sz.FS.stat(path).size;
  const archiveBytes = job.sources.reduce((sum, s) => sum + s.size, 0);
  const info = { format, archiveBytes, bytesTotal: size };
  const result = await unlessFallback(
    () => reader.extract(stagedFileStream(sz, path), sink, job.limits, job.options, info),
    reader.fallback,
  );
  return result && { ...result, format };
}

/** The bytes of a file inside the 7-Zip instance, pulled 1 MiB at a time. */
function stagedFileStream(sz: SevenZipModule, path: string): ReadableStream<Uint8Array> {
  const file = sz.FS.open(path, 'r');
  let position = 0;
  let open = true;
  const close = () => {
    if (open) sz.FS.close(file);
    open = false;
  };
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = new Uint8Array(1 << 20);
      const read = sz.FS.read(file, chunk, 0, chunk.length, position);
      if (read === 0) {
        close();
        controller.close();
        return;
      }
      position += read;
      controller.enqueue(chunk.subarray(0, read));
    },
    cancel: close,
  });
}

/** An ISO image 7-Zip unpacked (x.iso out of x.iso.Z), read in place with our ISO reader; null = 7-Zip. */
export async function extractStagedIso(
  sz: SevenZipModule,
  path: string,
  sink: OutputSink,
  job: SevenZipJob,
  format: string,
): Promise<ExtractResult | null> {
  return unlessFallback(() => extractIso(stagedSource(sz, path), sink, job.limits, job.options, format), IsoFallback);
}

/** Random access to a file inside the 7-Zip instance (an ISO reader jumps between extents). */
function stagedSource(sz: SevenZipModule, path: string): ArchiveSource {
  const size = sz.FS.stat(path).size;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return {
    name,
    size,
    async read(offset, length) {
      const file = sz.FS.open(path, 'r');
      try {
        const buffer = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
        const read = sz.FS.read(file, buffer, 0, buffer.length, offset);
        return buffer.subarray(0, read);
      } finally {
        sz.FS.close(file);
      }
    },
    stream() {
      return stagedFileStream(sz, path);
    },
  };
}
