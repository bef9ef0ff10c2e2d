/** Above this size the file is hashed as a stream, so memory stays bounded (WebCrypto needs all bytes at once). */
export const SHA256_STREAM_THRESHOLD = 256 * 1024 * 1024;

export interface Sha256Options {
  /** Blobs larger than this are streamed through hash-wasm; a parameter so tests can force that path. */
  streamAbove?: number;
  signal?: AbortSignal;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function streamingSha256(blob: Blob, signal?: AbortSignal): Promise<string> {
  // Loaded on demand: only huge files (or pages without WebCrypto) ever need the WASM hasher.
  const { createSHA256 } = await import('hash-wasm');
  const hasher = await createSHA256();
  hasher.init();
  const reader = blob.stream().getReader();
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { done, value } = await reader.read();
      if (done) break;
      hasher.update(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  return hasher.digest('hex');
}

/** The lower-case hex SHA-256 of a blob. */
export async function computeSha256(
  blob: Blob,
  { streamAbove = SHA256_STREAM_THRESHOLD, signal }: Sha256Options = {},
): Promise<string> {
  signal?.throwIfAborted();
  // crypto.subtle exists only in secure contexts (https, localhost); elsewhere the stream path works.
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined;
  if (blob.size > streamAbove || !subtle) return streamingSha256(blob, signal);
  const digest = await subtle.digest('SHA-256', await blob.arrayBuffer());
  signal?.throwIfAborted();
  return toHex(new Uint8Array(digest));
}
