/** `zip` with each entry's CRC-32 changed where it is stored twice (local header, directory). */
export function withWrongCrc(zip: Uint8Array): Uint8Array {
  return withStoredField(zip, 14, 16, (value) => value ^ 1);
}

/** `zip` with each entry's declared size (uncompressed) changed where it is stored twice. */
export function withDeclaredSize(zip: Uint8Array, size: (value: number) => number): Uint8Array {
  return withStoredField(zip, 22, 24, size);
}

/**
 * `zip` (of WinZip AES entries, AE-2, as zip.js writes them) made AE-1: each AES extra field's
 * vendor version set to 1, and each entry's CRC-32 to `crc`, which AE-1 keeps and AE-2 leaves 0.
 * `where`: 'local' changes only the local headers' AES fields, and no CRC.
 */
export function asAe1(zip: Uint8Array, crc: number, where: 'both' | 'local' = 'both'): Uint8Array {
  const bytes = where === 'both' ? withStoredField(zip, 14, 16, () => crc) : zip.slice();
  const view = new DataView(bytes.buffer);
  const directoryAt = bytes.findLastIndex((_, at) => at + 4 <= bytes.length && view.getUint32(at, true) === 0x06054b50);
  // An AES extra field: id 0x9901, 7 bytes, vendor version 2, "AE".
  for (let at = 0; at + 8 <= bytes.length; at += 1) {
    const isField =
      view.getUint32(at, true) === 0x00079901 && view.getUint16(at + 4, true) === 2 && view.getUint16(at + 6, true) === 0x4541;
    if (isField && (where === 'both' || at < centralStart(view, directoryAt))) view.setUint16(at + 4, 1, true);
  }
  return bytes;
}

/** Where the central directory starts, from the end record at `endAt`. */
function centralStart(view: DataView, endAt: number): number {
  return view.getUint32(endAt + 16, true);
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
