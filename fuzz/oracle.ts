import { EngineError } from '../packages/engine/src/core/engine-error.js';
import { GzipFailure } from '../packages/engine/src/tar/gzip-reader.js';
import type { FuzzTarget, Phase } from './target.js';

/** One input's fate: what the reader answered, or why that answer is a bug. */
export type Verdict = { ok: true; outcome: string } | { ok: false; problem: string };

/** A reader that has not answered after this long is hung. */
export const HANG_MS = 5_000;

/** JavaScript's own errors: a reader that throws one (or wraps one) met input it did not expect. */
const LANGUAGE_ERRORS = [TypeError, RangeError, ReferenceError, SyntaxError, EvalError, URIError];

/**
 * Runs `bytes` through every phase of `target` and judges each outcome. Entries, a coded
 * EngineError (never INTERNAL) and the reader's own errors ("not mine, let 7-Zip try") are
 * answers; anything else (a TypeError, a RangeError, an uncoded error, an error caused by one, no
 * answer in 5 s) is a bug. The verdict names the phases' outcomes, or the first bug.
 */
export async function judge(target: FuzzTarget, bytes: Uint8Array): Promise<Verdict> {
  const outcomes: string[] = [];
  for (const phase of target.phases) {
    const verdict = await judgePhase(phase, bytes);
    if (!verdict.ok) return { ok: false, problem: `${target.name} ${phase.name}: ${verdict.problem}` };
    outcomes.push(verdict.outcome);
  }
  return { ok: true, outcome: outcomes.join(' / ') };
}

async function judgePhase(phase: Phase, bytes: Uint8Array): Promise<Verdict> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<Verdict>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, problem: `no answer within ${HANG_MS / 1000} s` }), HANG_MS);
  });
  try {
    return await Promise.race([
      phase.run(bytes).then(
        (): Verdict => ({ ok: true, outcome: 'entries' }),
        (error: unknown) => verdictOf(phase, error),
      ),
      hang,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function verdictOf(phase: Phase, error: unknown): Verdict {
  const language = languageErrorIn(error);
  if (language)
    return { ok: false, problem: language === error ? describe(error) : `${describe(error)} caused by ${describe(language)}` };
  if (error instanceof EngineError) {
    return error.code === 'INTERNAL' ? { ok: false, problem: describe(error) } : { ok: true, outcome: error.code };
  }
  if (phase.expected.some((kind) => error instanceof kind)) return { ok: true, outcome: (error as Error).name };
  return { ok: false, problem: `not a coded error: ${describe(error)}` };
}

/**
 * The language error in `error` or its causes, if any. A gzip decoder's own failure is what
 * damaged gzip data gives (DecompressionStream reports it as a TypeError), so the search stops there.
 */
function languageErrorIn(error: unknown): Error | string | null {
  for (let e = error, depth = 0; e instanceof Error && depth < 8; depth += 1) {
    if (e instanceof GzipFailure) return null;
    if (LANGUAGE_ERRORS.some((kind) => e instanceof kind)) return e;
    const cause = e instanceof EngineError ? e.details['cause'] : undefined;
    // Some readers keep only the message of what failed: V8's own wordings give a language error away.
    if (typeof cause === 'string' && LANGUAGE_MESSAGES.test(cause)) return cause;
    e = e.cause ?? (e instanceof EngineError ? e.details['raw'] : undefined);
  }
  return null;
}

const LANGUAGE_MESSAGES =
  /Cannot read propert|Cannot set propert|is not a function|is not iterable|is not defined|Invalid array length|Invalid typed array length|is out of range\. It must|out of bounds|Maximum call stack|Invalid string length|Array buffer allocation failed|undefined is not|null is not|Offset is outside/;

export function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const where = error.stack?.split('\n').find((line) => line.includes('/src/'));
  const cause = error instanceof EngineError && typeof error.details['cause'] === 'string' ? ` (${error.details['cause']})` : '';
  return `${error.name}: ${error.message}${cause}${where ? ` ${where.trim()}` : ''}`;
}
