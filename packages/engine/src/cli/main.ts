import { constants } from 'node:fs';
import { access, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { formatSha256Sums, type LimitName } from '@archive-opener/shared';
import { join } from 'node:path';
import { toEngineError } from '../core/engine-error.js';
import type { ExtractResult, ListResult } from '../core/types.js';
// The job runs in this thread, not in an engine worker as the server's do: a CLI process is one
// job, and a worker's start (a second isolate loading the engine) cost ~0.08 CPU-s and ~0.15 s
// of wall time per run (docs/decisions/031-node-speed-at-scale.md, "Start-up"). The engine's limits
// apply as in a worker; its memory is bounded by this process's heap instead of a worker's cap.
import { extractArchive, listArchive, sha256Files } from '../host-node/index.js';
import { parseCommand, UsageError, USAGE, type Command } from './args.js';
import { ignoreClosedReader, printable, printableJson } from './printable.js';
import { formatSize, progressLine, table } from './render.js';

const EXIT_OK = 0;
const EXIT_ARCHIVE_ERROR = 1;
const EXIT_USAGE = 2;

/** The `archive-opener` command. Returns the exit status instead of exiting, so tests can call it. */
export async function main(argv: readonly string[], out = process.stdout, err = process.stderr): Promise<number> {
  ignoreClosedReader(out);
  ignoreClosedReader(err);
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    err.write(`${printable(error instanceof Error ? error.message : String(error))}\n\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  if (command.kind === 'help') {
    out.write(`${USAGE}\n`);
    return EXIT_OK;
  }
  try {
    await requireReadableFiles(command.paths);
    if (command.kind === 'extract') {
      await requireEmptyFolder(command.out);
      if (command.sha256sums !== undefined) await requireNoFile(command.sha256sums);
    }
  } catch (error) {
    if (command.json)
      out.write(`${printableJson({ ok: false, error: { code: 'USAGE', message: String((error as Error).message) } })}\n`);
    else err.write(`${printable((error as Error).message)}\n`);
    return EXIT_USAGE;
  }
  const showProgress = !command.json && err.isTTY === true;
  const onProgress = showProgress ? (p: Parameters<typeof progressLine>[0]) => err.write(progressLine(p)) : undefined;
  try {
    const options = {
      ...(command.password !== undefined && { password: command.password }),
      ...(command.namesEncoding !== undefined && { namesEncoding: command.namesEncoding }),
      ...(onProgress && { onProgress }),
    };
    if (command.kind === 'list') {
      const result = await listArchive(command.paths, options);
      out.write(command.json ? `${printableJson(listJson(result))}\n` : `${listText(result)}\n`);
    } else {
      const result = await extractArchive(command.paths, command.out, {
        ...options,
        limits: command.limits,
        ...(command.only && { only: command.only }),
      });
      if (showProgress) err.write('\n');
      // Only --json and --sha256sums hash: reading every file back cost 5 of the 24 s of 100,000 tiny files.
      const json = await extractJson(result, command.out, command.json || command.sha256sums !== undefined);
      if (command.sha256sums !== undefined) await writeSha256Sums(command.sha256sums, json.entries);
      out.write(command.json ? `${printableJson(json)}\n` : `${extractText(json, command.out)}\n`);
    }
    return EXIT_OK;
  } catch (error) {
    if (showProgress) err.write('\n');
    const engineError = toEngineError(error);
    if (command.json)
      out.write(`${printableJson({ ok: false, error: { code: engineError.code, message: engineError.message } })}\n`);
    else
      err.write(`Error (${engineError.code}): ${printable(engineError.message)}\n${raiseHint(engineError.details?.['limit'])}`);
    return EXIT_ARCHIVE_ERROR;
  }
}

/** The options that raise the limits a user may trust an archive beyond. */
const LIMIT_OPTIONS: Partial<Record<LimitName, string>> = {
  totalBytes: '--max-bytes',
  entryCount: '--max-entries',
  expansionRatio: '--max-ratio',
};

/** A line naming the option that raises `limit`, for the limits the CLI lets a user raise. */
function raiseHint(limit: unknown): string {
  const option = typeof limit === 'string' ? LIMIT_OPTIONS[limit as LimitName] : undefined;
  return option ? `If you trust this archive, raise the limit with ${option} <n>.\n` : '';
}

/** Each archive named is a file this process can open: a typo is the user's to fix, not INTERNAL. */
async function requireReadableFiles(paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    try {
      if ((await stat(path)).isDirectory()) throw new UsageError(`Cannot read ${path}: it is a folder.`);
      await access(path, constants.R_OK);
    } catch (error) {
      if (error instanceof UsageError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      const why =
        code === 'ENOENT' ? 'there is no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
      throw new UsageError(`Cannot read ${path}: ${why}.`);
    }
  }
}

async function requireEmptyFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const present = await readdir(dir);
  if (present.length > 0) throw new UsageError(`The output folder ${dir} is not empty; nothing is ever overwritten.`);
}

async function requireNoFile(path: string): Promise<void> {
  const present = await stat(path).then(
    () => true,
    () => false,
  );
  if (present) throw new UsageError(`${path} already exists; nothing is ever overwritten.`);
}

interface JsonEntry {
  path: string;
  type: string;
  size: number | null;
  sha256?: string;
  encrypted?: boolean;
  linkTarget?: string;
  /** As the HTTP API's: the time the archive gives, ms since 1970 (the files on disk carry it too). */
  modified?: number;
}

function listJson(result: ListResult) {
  const entries: JsonEntry[] = result.entries.map((e) => ({ path: e.name, type: e.type, size: e.size, encrypted: e.encrypted }));
  return { ok: true, format: result.format, entries };
}

async function extractJson(result: ExtractResult, outDir: string, withHashes: boolean) {
  const files = withHashes ? result.entries.filter((e) => e.type === 'file') : [];
  const hashes = await sha256Files(files.map((e) => join(outDir, e.path)));
  const sha256Of = new Map(files.map((e, index) => [e, hashes[index]]));
  const entries = result.entries.map((e) => {
    const entry: JsonEntry = { path: e.path, type: e.type, size: e.size };
    const sha256 = sha256Of.get(e);
    if (sha256 !== undefined) entry.sha256 = sha256;
    if (e.linkTarget !== undefined) entry.linkTarget = e.linkTarget;
    if (e.modified !== undefined) entry.modified = e.modified;
    return entry;
  });
  return { ok: true as const, format: result.format, entries };
}

/**
 * The files' checksums as `sha256sum -c` reads them from the output folder. A new file only
 * (`wx`): like the extraction itself, it never overwrites anything.
 */
async function writeSha256Sums(path: string, entries: readonly JsonEntry[]): Promise<void> {
  const lines = entries.flatMap((e) => (e.sha256 === undefined ? [] : [{ path: e.path, sha256: e.sha256 }]));
  await writeFile(path, formatSha256Sums(lines), { flag: 'wx' });
}

function listText(result: ListResult): string {
  const rows = result.entries.map((e) => [
    e.type === 'dir' ? 'dir' : e.type,
    formatSize(e.size),
    e.encrypted ? '🔒' : '',
    printable(e.name),
  ]);
  return `${table([['type', 'size', '', 'name'], ...rows])}\n\n${result.entries.length} entries (${result.format})`;
}

function extractText(json: Awaited<ReturnType<typeof extractJson>>, outDir: string): string {
  const files = json.entries.filter((e) => e.type === 'file');
  const total = files.reduce((sum, e) => sum + (e.size ?? 0), 0);
  const rows = json.entries.map((e) => {
    const path = printable(e.path);
    return [e.type, formatSize(e.size), e.linkTarget === undefined ? path : `${path} -> ${printable(e.linkTarget)}`];
  });
  return `${table([['type', 'size', 'path'], ...rows])}\n\nExtracted ${files.length} files (${formatSize(total)}, ${json.format}) to ${printable(outDir)}`;
}
