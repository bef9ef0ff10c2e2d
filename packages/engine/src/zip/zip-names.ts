import { detectCjkEncoding } from '../names/detect-cjk.js';
import { nameDecoder, type NamesEncoding } from '../names/names-encoding.js';

/**
 * Decoding of zip entry names stored without the UTF-8 flag. Such names are in the code page of
 * the machine that made the archive: IBM437 by the format's definition, in practice the OEM code
 * page of the writer's Windows (932 in Japan, 866 in Russia …). The code page is chosen once per
 * archive, from all its legacy names together, because one archive comes from one machine:
 *
 * - Shift_JIS when every legacy name is valid Shift_JIS made of Japanese characters and at least
 *   one name holds two Japanese characters in a row (one is too easily an accident: "château" in
 *   IBM437 is valid Shift_JIS for "chフeau");
 * - IBM866 when every byte above 0x7F is a Cyrillic letter there, some are lower-case letters
 *   р–я (Greek and math symbols in IBM437, which names do not use) and a word of three or more
 *   such letters occurs;
 * - GBK, Big5, EUC-KR or EUC-JP when a detector (names/detect-cjk.ts) is confident of one;
 * - IBM437 otherwise.
 *
 * Names that are plain ASCII or valid UTF-8 are never re-decoded (many writers store UTF-8
 * without setting the flag), unless the user named the code page (`namesEncoding`): then every
 * unflagged name that is not ASCII is read in it (docs/decisions/034-names-in-any-encoding.md).
 */

export interface NameDecoder {
  encoding: NamesEncoding;
  /** The user named the code page: it applies to valid UTF-8 names too. */
  forced: boolean;
  /** Decodes a name or link target stored without the UTF-8 flag. */
  decode(raw: Uint8Array): string;
}

// IBM437's control bytes stay control characters, which the engine's path sanitiser then
// replaces (zip.js would turn them into ☺☻♥ glyphs instead).
export const decodeCp437 = nameDecoder('cp437');

export function isAscii(raw: Uint8Array): boolean {
  return raw.every((byte) => byte < 0x80);
}

export function isValidUtf8(raw: Uint8Array): boolean {
  return tryDecode('utf-8', raw) !== null;
}

/**
 * Decodes bytes stored without the UTF-8 flag: ASCII as is, valid UTF-8 as UTF-8, anything else
 * with the archive's legacy code page.
 */
export function decodeStoredText(raw: Uint8Array, legacy: NameDecoder): string {
  if (isAscii(raw)) return asciiText(raw);
  if (legacy.forced) return legacy.decode(raw);
  return tryDecode('utf-8', raw) ?? legacy.decode(raw);
}

/**
 * Picks the code page for the archive from its names that are neither ASCII nor UTF-8, or takes
 * the one the user named.
 */
export function chooseLegacyDecoder(legacyNames: readonly Uint8Array[], forced?: NamesEncoding): NameDecoder {
  if (forced) return { encoding: forced, forced: true, decode: nameDecoder(forced) };
  if (legacyNames.length > 0) {
    if (looksJapanese(legacyNames)) return webDecoder('shift_jis');
    if (looksRussianOem(legacyNames)) return webDecoder('cp866');
    const detected = detectCjkEncoding(legacyNames);
    if (detected) return webDecoder(detected);
  }
  return { encoding: 'cp437', forced: false, decode: decodeCp437 };
}

/** True when the name needs the legacy code page: not flagged, not ASCII, not valid UTF-8. */
export function isLegacyName(raw: Uint8Array): boolean {
  return !isAscii(raw) && !isValidUtf8(raw);
}

function webDecoder(encoding: NamesEncoding): NameDecoder {
  // Validity was checked while choosing; a lenient decoder keeps a stray bad byte from failing.
  const decode = nameDecoder(encoding);
  return { encoding, forced: false, decode: (raw) => (isAscii(raw) ? asciiText(raw) : decode(raw)) };
}

const ascii = new TextDecoder('utf-8');

/** ASCII bytes as they are, control characters included (names can be 64 KiB: no spread). */
function asciiText(raw: Uint8Array): string {
  return ascii.decode(raw);
}

function tryDecode(encoding: string, raw: Uint8Array): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(raw);
  } catch {
    // Invalid bytes, or a runtime without this encoding (Node built with small-icu).
    return null;
  }
}

function looksJapanese(names: readonly Uint8Array[]): boolean {
  let evidence = false;
  for (const raw of names) {
    const text = tryDecode('shift_jis', raw);
    if (text === null) return false;
    let run = 0;
    let runHasFullWidth = false;
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0x80) {
        run = 0;
        runHasFullWidth = false;
        continue;
      }
      const kind = japaneseKind(code);
      if (kind === 'foreign') return false;
      if (kind === 'neutral') {
        run = 0;
        runHasFullWidth = false;
        continue;
      }
      run += 1;
      // Half-width katakana are single bytes 0xA1–0xDF, where IBM437 has á í ó ú ñ and box
      // drawing: a run of them counts only if it reaches the box-drawing part (0xB0 and up).
      runHasFullWidth ||= kind === 'wide' || code >= 0xff70;
      if (run >= 2 && runHasFullWidth) evidence = true;
    }
  }
  return evidence;
}

/**
 * 'wide': kana and kanji (the evidence); 'narrow': half-width katakana; 'neutral': symbols a
 * Japanese name may hold but that prove nothing; 'foreign': anything else (Greek, Cyrillic, box
 * drawing …), which a Japanese name would not hold but IBM437 text read as Shift_JIS yields.
 */
function japaneseKind(code: number): 'wide' | 'narrow' | 'neutral' | 'foreign' {
  if (code >= 0xff61 && code <= 0xff9f) return 'narrow';
  if (
    (code >= 0x3041 && code <= 0x30ff) || // hiragana, katakana
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) || // CJK ideographs
    (code >= 0xf900 && code <= 0xfaff) ||
    code === 0x3005 // 々
  ) {
    return 'wide';
  }
  const neutral =
    (code >= 0x00a0 && code <= 0x00ff) || // ° ± × ÷ ¶ § in row 0x81
    (code >= 0x2010 && code <= 0x203b) || // ‐ ― ‥ … ‘ ’ “ ” † ‡ ‰ ′ ″ ※
    (code >= 0x2100 && code <= 0x2199) || // ℃ № ℡ Ⅰ Ⅱ … ← ↑ → ↓
    (code >= 0x21d2 && code <= 0x22ff) || // ⇒ ⇔ ∀ ∃ ∈ …
    (code >= 0x2460 && code <= 0x24ff) || // ① ②
    (code >= 0x25a0 && code <= 0x266f) || // ■ □ ▲ △ ○ ● ◎ ◆ ★ ☆ ♪
    (code >= 0x3000 && code <= 0x303f) || // 、 。 「 」 【 】 〜
    (code >= 0x3200 && code <= 0x33ff) || // ㈱ ㍉ ㌔
    (code >= 0xff01 && code <= 0xff60) || // full-width ASCII
    (code >= 0xffe0 && code <= 0xffe5); // ￠ ￡ ￢ ￥
  return neutral ? 'neutral' : 'foreign';
}

function looksRussianOem(names: readonly Uint8Array[]): boolean {
  let lowerBeyondAp = false;
  let word = false;
  for (const raw of names) {
    let run = 0;
    for (const byte of raw) {
      if (byte < 0x80) {
        run = 0;
        continue;
      }
      // IBM866 letters: А–Я а–п (0x80–0xAF), р–я (0xE0–0xEF), Ё ё (0xF0, 0xF1).
      if (!(byte <= 0xaf || (byte >= 0xe0 && byte <= 0xf1))) return false;
      if (byte >= 0xe0) lowerBeyondAp = true;
      run += 1;
      if (run >= 3) word = true;
    }
  }
  return lowerBeyondAp && word && tryDecode('ibm866', new Uint8Array([0x80])) !== null;
}
