import { EngineError } from '../core/engine-error.js';
import type { LimitTracker } from '../core/limit-tracker.js';
import type { RunOutput } from './sevenzip-module.js';

export interface ErrorContext {
  passwordGiven: boolean;
  /** The content looked like a known archive: a failure to open it then means damage, not format. */
  recognised: boolean;
}

/** 7-Zip complaints that are not failures for us (we never create links, so refusing one is moot). */
const HARMLESS = [
  /Dangerous (symbolic )?link path was ignored/i,
  // Trailing bytes after the payload: GNU tar, bsdtar and unzip all extract such archives.
  /There are (some )?data after the end of the payload data/i,
  // Failing to set permissions or times is moot: downloads carry neither.
  /Cannot set file attribute/i,
];

/**
 * Maps 7-Zip's exit code and console text to one coded error. 7-Zip has no machine-readable
 * errors; the patterns here are tested against real archives of the public corpus.
 */
export function mapSevenZipFailure(run: RunOutput, context: ErrorContext): EngineError | null {
  const problems = problemLines(run);
  // Exit code 1 is 7-Zip's "warning" (e.g. data after the end of the archive): the files are fine.
  if (run.exitCode === 0 || run.exitCode === 1) return null;
  // Only harmless complaints (a refused link) left: the extraction itself succeeded.
  if (run.exitCode === 2 && problems.length === 0) return null;
  // Signals are searched in everything 7-Zip said: it reports some only as "ERROR = …" lines.
  // Lines that carry names or comments from the archive are left out: they may say anything.
  const text = [...run.stderr, ...run.stdout]
    .filter((l) => !/^\s*(Path|Comment|Listing archive|Extracting archive)\b/.test(l))
    .join('\n');
  const details = { exitCode: run.exitCode, sevenZip: problems.join('\n').slice(0, 2000) };

  const missing = /Missing volume\s*:\s*(.+)/i.exec(text);
  if (missing) {
    const volume = (missing[1] ?? '').trim().split('/').at(-1) ?? '';
    return new EngineError('MISSING_VOLUME', `A part of this multi-volume archive is missing: ${volume}`, {
      ...details,
      volume,
    });
  }
  if (/Wrong password|Can not open encrypted archive/i.test(text)) {
    return context.passwordGiven
      ? new EngineError('WRONG_PASSWORD', undefined, details)
      : new EngineError('PASSWORD_REQUIRED', undefined, details);
  }
  if (/Unsupported Method|Unsupported feature/i.test(text)) {
    return new EngineError('UNSUPPORTED_FORMAT', 'This archive uses a compression method we cannot decode.', details);
  }
  if (/Can ?not open (the )?file as( \[\w+\])? archive|Is not archive/i.test(text) && !context.recognised) {
    return new EngineError('UNSUPPORTED_FORMAT', undefined, details);
  }
  if (/Unexpected end of (archive|data)|Unavailable data|truncated/i.test(text)) {
    return new EngineError('CORRUPT_ARCHIVE', 'The archive is incomplete (it ends too early).', {
      ...details,
      kind: 'truncated',
    });
  }
  if (run.exitCode === 8 || /Can't allocate required memory|not enough memory/i.test(text)) {
    return new EngineError('LIMIT_EXCEEDED', 'The archive needs more memory than is available.', {
      ...details,
      limit: 'memory',
    });
  }
  return new EngineError('CORRUPT_ARCHIVE', undefined, details);
}

/** Lines that name the archive or its entries: they may contain any text, so they never match. */
const NAMING_LINES =
  /^(Path|Listing archive|Extracting archive|Scanning|Type|Physical Size|Headers Size|Method|Solid|Blocks|Volumes?|Multivolume|Characteristics|Code Page|Comment|Size|Compressed|Files|Folders|Everything is Ok|7-Zip|\d+-bit|Archives|Sub items)\b/;

/** `Key = Value` lines describe the archive (7-Zip's -slt style), they never report an error. */
const KEY_VALUE = /^[A-Z][\w ]* =( |$)/;

function problemLines(run: RunOutput): string[] {
  return [...run.stderr, ...run.stdout]
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^-+$/.test(l) && !NAMING_LINES.test(l) && !KEY_VALUE.test(l) && !/^\d+ file/.test(l))
    .filter((l) => !HARMLESS.some((pattern) => pattern.test(l)));
}

export interface ContainmentContext {
  /** The failure can only be the password's (7z with encrypted headers). */
  passwordProblem: boolean;
  passwordGiven: boolean;
  tracker?: LimitTracker;
}

/**
 * Runs a 7-Zip command and turns whatever escapes the WASM into a coded error. This build of
 * 7-Zip lets some C++ exceptions out (thrown as bare numbers) instead of printing an error,
 * and hostile input can trap the WASM; neither may surface as INTERNAL or crash the host.
 */
export function contained(run: () => RunOutput, context: ContainmentContext): RunOutput {
  try {
    return run();
  } catch (error) {
    if (context.tracker?.tripped) throw context.tracker.tripped;
    if (error instanceof EngineError) throw error;
    const text = error instanceof Error ? `${error.name}: ${error.message}` : `exception ${String(error)}`;
    if (/Cannot enlarge memory|out of memory|Aborted\(OOM\)/i.test(text)) {
      throw new EngineError('LIMIT_EXCEEDED', 'The archive needs more memory than is available.', {
        limit: 'memory',
        sevenZip: text,
      });
    }
    if (context.passwordProblem) {
      throw new EngineError(context.passwordGiven ? 'WRONG_PASSWORD' : 'PASSWORD_REQUIRED', undefined, { sevenZip: text });
    }
    throw new EngineError('CORRUPT_ARCHIVE', undefined, { kind: 'engine-exception', sevenZip: text });
  }
}
