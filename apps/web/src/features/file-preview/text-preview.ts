/** Bytes read for a text preview: enough for the character limit in any encoding, never the whole file. */
export const TEXT_PREVIEW_BYTES = 64 * 1024;
/** The preview limit of docs/product.md#previews: above it the "Large file" warning shows. */
export const TEXT_PREVIEW_CHARS = 10_000;

export interface TextPreview {
  text: string;
  /** True when the file holds more than `text` shows. */
  truncated: boolean;
}

/**
 * The bytes are not text in any encoding we decode: the caller shows the decode error of
 * docs/product.md#previews.
 */
export class NotTextError extends Error {
  constructor() {
    super('The file content is not text');
    this.name = 'NotTextError';
  }
}

function sniffEncoding(bytes: Uint8Array): { encoding: string; bomLength: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  return { encoding: 'utf-8', bomLength: 0 };
}

/**
 * Decodes the start of a file for the text preview. Decoding is fatal, so a binary file fails
 * clearly instead of showing replacement characters; a NUL also counts as binary, since UTF-8
 * text never contains one (UTF-16 is recognised by its BOM).
 */
export async function textPreview(blob: Blob, maxBytes = TEXT_PREVIEW_BYTES): Promise<TextPreview> {
  const bytes = new Uint8Array(await blob.slice(0, maxBytes).arrayBuffer());
  const { encoding, bomLength } = sniffEncoding(bytes);
  const cut = blob.size > maxBytes;
  let text: string;
  try {
    // `stream` holds back a multi-byte character split by our cut instead of failing on it.
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(bomLength), { stream: cut });
  } catch {
    throw new NotTextError();
  }
  if (text.includes('\u0000')) throw new NotTextError();
  if (!cut && text.length <= TEXT_PREVIEW_CHARS) return { text, truncated: false };
  let end = Math.min(text.length, TEXT_PREVIEW_CHARS);
  // Never end on the first half of a surrogate pair (an emoji cut in two renders as garbage).
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), truncated: true };
}
