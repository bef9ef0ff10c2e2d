import chardet from 'chardet';
import type { NamesEncoding } from './names-encoding.js';

/** The detector reads at most this much of the names: 64 KiB took ~50 ms, 1.2 MB over a second. */
const SAMPLE_BYTES = 64 * 1024;
/** Below this (chardet's 0–100 scale) the guess is not trusted and the caller keeps its own. */
const MIN_CONFIDENCE = 50;

/**
 * Chinese and Korean code pages the detector (chardet, ICU's recognisers) tells apart where a
 * simple rule cannot: the same bytes are valid GBK, Big5 and EUC-KR. Single-byte guesses are
 * not taken: a zip's names are in a DOS code page, which chardet does not know.
 */
const TAKEN: Readonly<Record<string, NamesEncoding>> = {
  GB18030: 'gbk',
  Big5: 'big5',
  'EUC-KR': 'euc-kr',
  'EUC-JP': 'euc-jp',
};

/**
 * The multi-byte code page the names are most likely in, or null when the detector is unsure.
 * Pass only names that are neither ASCII nor valid UTF-8.
 */
export function detectCjkEncoding(names: readonly Uint8Array[]): NamesEncoding | null {
  if (names.length === 0) return null;
  const sample = new Uint8Array(
    Math.min(
      SAMPLE_BYTES,
      names.reduce((sum, name) => sum + name.length + 1, 0),
    ),
  );
  let at = 0;
  for (const name of names) {
    if (at >= sample.length) break;
    const piece = name.subarray(0, sample.length - at);
    sample.set(piece, at);
    at += piece.length;
    if (at < sample.length) sample[at++] = 0x0a;
  }
  const best = chardet.analyse(sample.subarray(0, at))[0];
  if (!best || best.confidence < MIN_CONFIDENCE) return null;
  return TAKEN[best.name] ?? null;
}
