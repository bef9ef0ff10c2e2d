import sbcsData from 'iconv-lite/encodings/sbcs-data-generated.js';

/**
 * The code pages a visitor (file manager) or a CLI user (`--names-encoding`) can read stored
 * names in (docs/decisions/034-names-in-any-encoding.md). All but the two DOS code pages are
 * WHATWG encodings, which every browser and Node decode natively; CP437 and CP850 come from
 * iconv-lite's tables.
 */
export const NAMES_ENCODINGS = [
  'utf-8',
  'cp437',
  'cp850',
  'cp866',
  'windows-1250',
  'windows-1251',
  'windows-1252',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'koi8-r',
  'koi8-u',
  'shift_jis',
  'euc-jp',
  'gbk',
  'gb18030',
  'big5',
  'euc-kr',
  'iso-8859-2',
  'iso-8859-3',
  'iso-8859-4',
  'iso-8859-5',
  'iso-8859-6',
  'iso-8859-7',
  'iso-8859-8',
  'iso-8859-10',
  'iso-8859-13',
  'iso-8859-14',
  'iso-8859-15',
] as const;

export type NamesEncoding = (typeof NAMES_ENCODINGS)[number];

/** Other names people use for the same code pages (Windows code page numbers, short forms). */
const ALIASES: Readonly<Record<string, NamesEncoding>> = {
  utf8: 'utf-8',
  ibm437: 'cp437',
  '437': 'cp437',
  ibm850: 'cp850',
  '850': 'cp850',
  ibm866: 'cp866',
  '866': 'cp866',
  sjis: 'shift_jis',
  'shift-jis': 'shift_jis',
  cp932: 'shift_jis',
  '932': 'shift_jis',
  cp936: 'gbk',
  '936': 'gbk',
  cp949: 'euc-kr',
  '949': 'euc-kr',
  cp950: 'big5',
  '950': 'big5',
};

/** The encoding a label names (case-insensitive, `cp1251` for `windows-1251`), or null. */
export function namesEncodingOf(label: string): NamesEncoding | null {
  const key = label.trim().toLowerCase();
  const windows = /^cp(125\d)$/.exec(key);
  const wanted = windows ? `windows-${windows[1]}` : (ALIASES[key] ?? key);
  return (NAMES_ENCODINGS as readonly string[]).includes(wanted) ? (wanted as NamesEncoding) : null;
}

const IBM_TABLES = { cp437: 'cp437', cp850: 'cp850' } as const;
const decoders = new Map<NamesEncoding, (raw: Uint8Array) => string>();

/**
 * A function decoding stored names in `encoding`, leniently: a byte that is no character there
 * becomes U+FFFD (the safe path keeps it visible) rather than failing the whole archive.
 */
export function nameDecoder(encoding: NamesEncoding): (raw: Uint8Array) => string {
  let decode = decoders.get(encoding);
  if (!decode) {
    decode = encoding === 'cp437' || encoding === 'cp850' ? ibmDecoder(encoding) : textDecoder(encoding);
    decoders.set(encoding, decode);
  }
  return decode;
}

function textDecoder(encoding: NamesEncoding): (raw: Uint8Array) => string {
  const decoder = new TextDecoder(encoding === 'cp866' ? 'ibm866' : encoding);
  return (raw) => decoder.decode(raw);
}

/** A DOS code page: ASCII below 0x80 (control bytes stay controls, for the safe path to replace). */
function ibmDecoder(encoding: keyof typeof IBM_TABLES): (raw: Uint8Array) => string {
  const high = sbcsData[IBM_TABLES[encoding]].chars;
  const table = Array.from({ length: 256 }, (_, byte) => (byte < 0x80 ? String.fromCharCode(byte) : high.charAt(byte - 0x80)));
  return (raw) => {
    // Names can be 64 KiB: built in pieces, never with a spread of the bytes.
    let text = '';
    for (const byte of raw) text += table[byte] as string;
    return text;
  };
}
