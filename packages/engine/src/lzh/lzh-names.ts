/**
 * LHA names are raw bytes in the writer's code page (Shift-JIS on Japanese systems, the usual
 * producers), with `\` (MS-DOS writers) or 0xFF (header extensions) between folders. We read
 * them as UTF-8 with U+FFFD for bytes that are not, as the reference expectations do, and turn
 * separators into `/` — except a 0x5C that is the second byte of a Shift-JIS character
 * ("表" is 95 5C), which LHA itself keeps as part of the name.
 */

const utf8 = new TextDecoder('utf-8', { fatal: false });
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const utf16 = new TextDecoder('utf-16le', { fatal: false });

/** Decodes a stored name or folder; `\` and 0xFF become `/`. */
export function decodeLzhName(raw: Uint8Array): string {
  // 0xFF is never part of a character in UTF-8 or Shift-JIS: always a separator.
  const bytes = raw.map((byte) => (byte === 0xff ? 0x2f : byte));
  const valid = isUtf8(bytes);
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i] as number;
    if (!valid && isShiftJisLead(byte) && i + 1 < bytes.length)
      i += 1; // keep its trail byte
    else if (byte === 0x5c) bytes[i] = 0x2f;
  }
  return utf8.decode(bytes);
}

/** A UTF-16LE name or folder field (0x44/0x45 extensions); 0xFFFF separates folders. */
export function decodeUtf16Name(raw: Uint8Array): string {
  const units = raw.slice(0, raw.length & ~1);
  for (let i = 0; i + 1 < units.length; i += 2) {
    const unit = (units[i] as number) | ((units[i + 1] as number) << 8);
    if (unit === 0xffff || unit === 0x5c) {
      units[i] = 0x2f;
      units[i + 1] = 0;
    }
  }
  return utf16.decode(units);
}

function isShiftJisLead(byte: number): boolean {
  return (byte >= 0x81 && byte <= 0x9f) || (byte >= 0xe0 && byte <= 0xfc);
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Joins a folder field and a name field as LHA does ("a/b" + "c" → "a/b/c"). */
export function joinLzhPath(folder: string, name: string): string {
  if (folder === '') return name;
  return folder.endsWith('/') ? folder + name : `${folder}/${name}`;
}
