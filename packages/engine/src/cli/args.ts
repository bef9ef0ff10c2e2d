import { parseArgs } from 'node:util';
import type { ExtractionLimits } from '@archive-opener/shared';
import { NAMES_ENCODINGS, namesEncodingOf, type NamesEncoding } from '../names/names-encoding.js';

export type Command =
  | { kind: 'list'; paths: string[]; password?: string; json: boolean; namesEncoding?: NamesEncoding }
  | {
      kind: 'extract';
      paths: string[];
      out: string;
      password?: string;
      json: boolean;
      limits: Partial<ExtractionLimits>;
      only?: string[];
      namesEncoding?: NamesEncoding;
      /** Where to write a SHA256SUMS of the extracted files (`sha256sum -c` format). */
      sha256sums?: string;
    }
  | { kind: 'help' };

export class UsageError extends Error {}

export const USAGE = `Usage:
  archive-opener list <archive> [more parts…] [--password <pw>] [--json] [--names-encoding <label>]
  archive-opener extract <archive> [more parts…] --out <dir> [--password <pw>] [--json]
      [--only <name>]… [--max-bytes <n>] [--max-entries <n>] [--max-ratio <n>] [--names-encoding <label>]
      [--sha256sums <file>]

Opens ZIP, RAR, 7Z, TAR, GZ, BZ2, XZ, ZSTD, CAB, ISO, LZH, ARJ, CPIO, DEB, RPM, WIM, XAR and more.
Give every part of a multi-volume set (name.part1.rar name.part2.rar …). --only extracts just the
named entries (as list shows them), with the folders that lead to them. Nothing is overwritten:
--out must be empty or not exist. Safety limits default to the server's (2 GB written, 100,000
entries, expansion ratio 100 past 256 MB); the --max-* flags raise them. --names-encoding reads
names stored without their code page (zip without the UTF-8 flag, LZH, cpio) in the one named
instead of guessing: ${NAMES_ENCODINGS.join(', ')} (also cp932, cp1251 …).
--sha256sums writes the files' SHA-256 checksums to a new file, as \`sha256sum -c\` reads them from
the --out folder.
Exit status: 0 success, 1 archive error, 2 usage error.`;

export function parseCommand(argv: readonly string[]): Command {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      password: { type: 'string', short: 'p' },
      out: { type: 'string', short: 'o' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      'max-bytes': { type: 'string' },
      'max-entries': { type: 'string' },
      'max-ratio': { type: 'string' },
      only: { type: 'string', multiple: true },
      'names-encoding': { type: 'string' },
      sha256sums: { type: 'string' },
    },
  });
  const [verb, ...paths] = positionals;
  if (values.help || verb === 'help' || verb === undefined) return { kind: 'help' };
  if (verb !== 'list' && verb !== 'extract') throw new UsageError(`Unknown command "${verb}".`);
  if (paths.length === 0) throw new UsageError('Name the archive to open.');
  const password = values.password;
  const namesEncoding = namesEncodingFlag(values['names-encoding']);
  const named = namesEncoding !== undefined ? { namesEncoding } : {};
  if (verb === 'list') return { kind: 'list', paths, json: values.json, ...(password !== undefined && { password }), ...named };
  if (!values.out) throw new UsageError('extract needs --out <dir>.');
  const limits: Partial<ExtractionLimits> = {};
  const setLimit = (key: keyof ExtractionLimits, flag: string, raw: string | undefined) => {
    if (raw === undefined) return;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new UsageError(`--${flag} takes a positive number.`);
    limits[key] = value;
  };
  setLimit('maxTotalBytes', 'max-bytes', values['max-bytes']);
  setLimit('maxEntries', 'max-entries', values['max-entries']);
  setLimit('maxExpansionRatio', 'max-ratio', values['max-ratio']);
  return {
    kind: 'extract',
    paths,
    out: values.out,
    json: values.json,
    limits,
    ...(password !== undefined && { password }),
    ...(values.only !== undefined && { only: values.only }),
    ...named,
    ...(values.sha256sums !== undefined && { sha256sums: values.sha256sums }),
  };
}

function namesEncodingFlag(label: string | undefined): NamesEncoding | undefined {
  if (label === undefined) return undefined;
  const encoding = namesEncodingOf(label);
  if (encoding === null) {
    throw new UsageError(`--names-encoding: unknown code page "${label}". Known: ${NAMES_ENCODINGS.join(', ')}.`);
  }
  return encoding;
}
