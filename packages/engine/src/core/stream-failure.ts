import { EngineError } from './engine-error.js';

/** How our stream readers (tar, cpio, LHA) classify their own failures. */
export type ReaderFailureKind = 'not-archive' | 'corrupt' | 'truncated' | 'unsupported';

export interface FailureMapping {
  /** The reader's own error, classified; null for anything else (the input stream, a bug…). */
  classify(error: unknown): { kind: ReaderFailureKind; message: string } | null;
  /** The format's "let 7-Zip try" error, thrown only while nothing is written. */
  fallback: new (message: string, options?: ErrorOptions) => Error;
  /** What a failure of the input stream itself (a decompressor's) means; default: damage. */
  inputFailureKind?: (error: unknown) => 'truncated' | 'corrupt';
}

/**
 * One policy for every stream reader: not this format at all, or the input failing before
 * anything was written or listed, hands the archive to 7-Zip; a method we do not decode is
 * unsupported; afterwards anything else means the archive is damaged or cut short.
 */
export function mapReaderFailure(error: unknown, nothingYet: boolean, mapping: FailureMapping): Error {
  if (error instanceof EngineError || error instanceof mapping.fallback) return error;
  const own = mapping.classify(error);
  const message = own?.message ?? (error instanceof Error ? error.message : String(error));
  const kind = own?.kind ?? (nothingYet ? 'not-archive' : (mapping.inputFailureKind?.(error) ?? 'corrupt'));
  switch (kind) {
    case 'not-archive':
      return new mapping.fallback(message, { cause: error });
    case 'unsupported':
      return new EngineError('UNSUPPORTED_FORMAT', message, { kind: 'unsupported' });
    case 'truncated':
      return new EngineError('CORRUPT_ARCHIVE', 'The archive is incomplete (it ends too early).', {
        kind: 'truncated',
        cause: message,
      });
    default:
      return new EngineError('CORRUPT_ARCHIVE', undefined, { kind: 'corrupt', cause: message });
  }
}
