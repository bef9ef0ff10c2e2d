/** `zip` with each entry's CRC-32 changed where it is stored twice (local header, directory). */
export function withWrongCrc(zip: Uint8Array): Uint8Array {
  return withStoredField(zip, 14, 16, (value) => value ^ 1);
}

/** `zip` with each entry's declared size (uncompressed) changed where it is stored twice. */
export function withDeclaredSize(zip: Uint8Array, size: (value: number) => number): Uint8Array {
  return withStoredField(zip, 22, 24, size);
}

/**
 * Changes a 32-bit field of every local header (at `localAt` after its signature) and central
 * directory record (at `centralAt`) alike, so that the two still agree.
 */
function withStoredField(zip: Uint8Array, localAt: number, centralAt: number, change: (value: number) => number): Uint8Array {
  const bytes = zip.slice();
  const view = new DataView(bytes.buffer);
  for (let at = 0; at + 4 <= bytes.length; at += 1) {
    const signature = view.getUint32(at, true);
    const fieldAt = signature === 0x04034b50 ? at + localAt : signature === 0x02014b50 ? at + centralAt : -1;
    if (fieldAt >= 0 && fieldAt + 4 <= bytes.length) view.setUint32(fieldAt, change(view.getUint32(fieldAt, true)) >>> 0, true);
  }
  return bytes;
}
