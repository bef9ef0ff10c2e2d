import type { OutputSink } from '../core/output-sink.js';
import type { ArchiveSource, ExtractResult } from '../core/types.js';
import { extractPayload, type Payload } from '../core/unwrap.js';
import type { SevenZipJob } from './sevenzip-backend.js';
import type { SevenZipModule } from './sevenzip-module.js';

/**
 * A payload 7-Zip unpacked (x.tar out of x.tar.xz, x.iso out of x.iso.Z) read through the unwrap
 * step (core/unwrap.ts): our tar and cpio readers handle what 7-Zip's do not (sparse files, raw
 * names, links), our ISO reader keeps Rock Ridge. Null: 7-Zip opens it in turn.
 */
export async function extractStaged(
  sz: SevenZipModule,
  path: string,
  head: Uint8Array,
  sink: OutputSink,
  job: SevenZipJob,
  suffix: string,
): Promise<ExtractResult | null> {
  const payload: Payload = {
    suffix,
    head,
    stream: () => stagedFileStream(sz, path),
    size: sz.FS.stat(path).size,
    archiveBytes: job.sources.reduce((sum, s) => sum + s.size, 0),
    source: stagedSource(sz, path),
  };
  return extractPayload(payload, sink, job.limits, job.options);
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
