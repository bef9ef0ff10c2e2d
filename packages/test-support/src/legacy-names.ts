/**
 * Archives whose names are stored in a legacy code page, made at test time. Runtimes decode
 * every WHATWG encoding but encode only UTF-8, so `encodeIn` inverts the decoder: each single
 * byte and each two-byte sequence is decoded once, and the characters map back to their bytes.
 */
import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';

const tables = new Map<string, Map<string, number[]>>();

function tableOf(encoding: string): Map<string, number[]> {
  let table = tables.get(encoding);
  if (table) return table;
  table = new Map();
  const decoder = new TextDecoder(encoding, { fatal: true });
  const learn = (bytes: number[]) => {
    try {
      const text = decoder.decode(new Uint8Array(bytes));
      if ([...text].length === 1 && !table?.has(text)) table?.set(text, bytes);
    } catch {
      // Not a character in this encoding.
    }
  };
  for (let byte = 0; byte < 0x100; byte += 1) learn([byte]);
  for (let lead = 0x81; lead < 0xff; lead += 1) for (let trail = 0x40; trail < 0xff; trail += 1) learn([lead, trail]);
  tables.set(encoding, table);
  return table;
}

/** `text` in a WHATWG encoding (`windows-1251`, `gbk`, `shift_jis`, `ibm866` …). */
export function encodeIn(encoding: string, text: string): Uint8Array {
  const table = tableOf(encoding);
  const bytes: number[] = [];
  for (const char of text) {
    const found = table.get(char);
    if (!found) throw new Error(`${JSON.stringify(char)} has no bytes in ${encoding}`);
    bytes.push(...found);
  }
  return new Uint8Array(bytes);
}

/** A zip whose names are stored in `encoding` without the UTF-8 flag; each file holds its name. */
export async function zipWithLegacyNames(encoding: string, names: readonly string[]): Promise<Uint8Array> {
  const writer = new ZipWriter(new Uint8ArrayWriter(), {
    useUnicodeFileNames: false,
    encodeText: (text) => encodeIn(encoding, text),
  });
  for (const name of names) {
    await writer.add(name, name.endsWith('/') ? undefined : new Uint8ArrayReader(new TextEncoder().encode(name)));
  }
  return writer.close();
}
