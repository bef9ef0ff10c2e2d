/**
 * The manifest gives names that were not UTF-8 as the raw bytes the native tools wrote
 * (`nameHex`, with `name` decoded lossily). An extractor that decodes such a name in the code
 * page it was written in is right, not wrong: these are the readings we accept for those bytes.
 */
import { windowsSafeName, withoutDirectionControls } from '@archive-opener/shared';

const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

const ENCODINGS = ['utf-8', 'ibm866', 'koi8-r', 'shift_jis', 'euc-jp', 'windows-1252', 'gbk', 'big5'];

function cp437(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => (b < 0x80 ? String.fromCharCode(b) : (CP437_HIGH[b - 0x80] ?? '?'))).join('');
}

/**
 * Our sanitiser's visible effects: `\` is a separator, control and direction characters become
 * `_`, names Windows reserves or alters are renamed.
 */
export function asWritten(name: string): string {
  return (
    name
      .replace(/\\/g, '/')
      .split('/')
      .filter((s) => s !== '' && s !== '.' && s !== '..')
      // eslint-disable-next-line no-control-regex -- control characters are what the sanitiser replaces
      .map((s) => windowsSafeName(withoutDirectionControls(s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '_'))))
      .join('/')
  );
}

export function legacyNameReadings(nameHex: string): Set<string> {
  const bytes = Uint8Array.from(nameHex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
  const readings = new Set<string>([asWritten(cp437(bytes))]);
  for (const encoding of ENCODINGS) {
    try {
      readings.add(asWritten(new TextDecoder(encoding, { fatal: true }).decode(bytes)));
    } catch {
      // Not valid in that encoding: not a reading.
    }
  }
  return readings;
}
