import { gzipSync, zipSync } from 'fflate';

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
const BLOCK = 512;

/** A ustar archive of regular files (names under 100 bytes, as the samples' are). */
export function tar(files: SampleFiles): Uint8Array {
  const size = files.reduce((sum, { bytes }) => sum + BLOCK + Math.ceil(bytes.length / BLOCK) * BLOCK, 2 * BLOCK);
  const out = new Uint8Array(size);
  let at = 0;
  for (const { path, bytes } of files) {
    out.set(header(path, bytes.length), at);
    out.set(bytes, at + BLOCK);
    at += BLOCK + Math.ceil(bytes.length / BLOCK) * BLOCK;
  }
  return out;
}

function header(path: string, size: number): Uint8Array {
  const block = new Uint8Array(BLOCK);
  const put = (text: string, offset: number) => block.set(new TextEncoder().encode(text), offset);
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0');
  put(path, 0);
  put(octal(0o644, 8), 100);
  put(octal(0, 8), 108);
  put(octal(0, 8), 116);
  put(octal(size, 12), 124);
  put(octal(SAMPLE_TIME.getTime() / 1000, 12), 136);
  put('0', 156);
  put('ustar\u000000', 257);
  // The checksum is taken with its own field as spaces.
  put('        ', 148);
  const sum = block.reduce((total, byte) => total + byte, 0);
  put(`${octal(sum, 7)}\u0000`, 148);
  return block;
}
