/**
 * The SHA256SUMS file the page, the server's files and the CLI offer: what `sha256sum -c` reads
 * (docs/decisions/035-integrity-and-safety-report.md).
 */

export interface ChecksumLine {
  /** `/`-separated, relative to the folder the sums are checked from. */
  path: string;
  /** Lower-case hex. */
  sha256: string;
}

/** Characters GNU coreutils escapes in a name (9.x: backslash, newline, carriage return). */
const NEEDS_ESCAPE = /[\\\n\r]/;

/**
 * One line as GNU `sha256sum` writes it: `<hex>  <path>`; a name holding a backslash, a newline
 * or a carriage return is escaped (`\\`, `\n`, `\r`) and its line starts with `\`, so that
 * `sha256sum -c` reads it back exactly.
 */
export function sha256SumLine({ path, sha256 }: ChecksumLine): string {
  if (!NEEDS_ESCAPE.test(path)) return `${sha256}  ${path}`;
  const escaped = path.replace(/[\\\n\r]/g, (char) => (char === '\\' ? '\\\\' : char === '\n' ? '\\n' : '\\r'));
  return `\\${sha256}  ${escaped}`;
}

/** The whole file: one line per file, in the order given, each ending with a newline. */
export function formatSha256Sums(lines: readonly ChecksumLine[]): string {
  return lines.map((line) => `${sha256SumLine(line)}\n`).join('');
}

/** The name the page saves the file under. */
export const SHA256SUMS_FILE_NAME = 'SHA256SUMS';
