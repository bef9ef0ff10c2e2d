/**
 * What the CLI prints comes partly from the archive (names, link targets, messages that quote
 * them): an entry named "\x1b[2J…All files verified" would clear the screen and print its own
 * verdict, one with U+202E would show its name backwards. Every character a terminal acts on or
 * that reorders text is printed as an escape instead: C0 controls (newline included: a name must
 * not start a line of its own), DEL, C1 controls (U+009B is a one-character CSI) and the
 * direction controls.
 */
// eslint-disable-next-line no-control-regex -- these are exactly the characters to escape
const ACTIVE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const hex = (char: string, digits: number) => (char.codePointAt(0) ?? 0).toString(16).padStart(digits, '0');

/** `text` with each such character written as `\xHH` (up to U+00FF) or `\uHHHH`. */
export function printable(text: string): string {
  return text.replace(ACTIVE, (char) => (char <= '\u00ff' ? `\\x${hex(char, 2)}` : `\\u${hex(char, 4)}`));
}

/** JSON in which those characters appear only as `\uHHHH` escapes: the same values, safe to print. */
export function printableJson(value: unknown): string {
  // Outside strings JSON holds none of them, and JSON.stringify has escaped C0 already.
  return JSON.stringify(value).replace(ACTIVE, (char) => `\\u${hex(char, 4)}`);
}

/**
 * A reader that goes away (`archive-opener list x.zip | head`) makes the next write fail with
 * EPIPE, which Node raises as an uncaught error: nothing more is worth printing then, so the CLI
 * stops writing and ends with the status it would have had.
 */
export function ignoreClosedReader(stream: NodeJS.WritableStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
  });
}
