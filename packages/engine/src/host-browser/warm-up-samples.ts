import { gzipSync, zipSync } from 'fflate';
import { concat, end, file } from '../tar/tar-writer.js';

/**
 * The zip and tar.gz samples a prepared worker warms up on (warm-up.ts), made in JavaScript: made
 * by 7-Zip, they had a worker that extracts a zip or a tar.gz (which never run 7-Zip) fetch,
 * compile and run 7zz.wasm first, on the core the extraction next to it needed, and an extraction
 * asked for meanwhile waited for that step (docs/decisions/036-browser-speed-at-scale.md,
 * "Start-up and the page at 200 MB").
 */
export type SampleFiles = readonly { path: string; bytes: Uint8Array }[];

export function zipSample(files: SampleFiles): Uint8Array<ArrayBuffer> {
  return zipSync(Object.fromEntries(files.map(({ path, bytes }) => [path, bytes])), { level: 1, mtime: SAMPLE_TIME });
}

export function tarGzSample(files: SampleFiles): Uint8Array<ArrayBuffer> {
  return gzipSync(tar(files), { level: 1, mtime: SAMPLE_TIME });
}

const SAMPLE_TIME = new Date('2024-01-01T00:00:00Z');

/** A ustar archive of the sample files (regular files, names under 100 bytes). */
function tar(files: SampleFiles): Uint8Array {
  const mtime = SAMPLE_TIME.getTime() / 1000;
  return concat(...files.map(({ path, bytes }) => file(path, bytes, { mtime })), end());
}
