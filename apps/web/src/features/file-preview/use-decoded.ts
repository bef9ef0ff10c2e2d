import { useEffect, useState } from 'react';

export type Decoded<T> = { status: 'loading' } | { status: 'done'; value: T } | { status: 'error'; error: unknown };

const LOADING = { status: 'loading' } as const;

/**
 * Runs `decode(blob)` once per blob while the component is mounted (a preview decodes on first
 * open, spec section 4). The outcome is stored with its blob, so a new blob reads as loading
 * without resetting state inside the effect; a late result of an old blob is ignored.
 * `decode` must be stable (a module-level function).
 */
export function useDecoded<T>(blob: Blob, decode: (blob: Blob) => Promise<T>): Decoded<T> {
  const [outcome, setOutcome] = useState<{ blob: Blob; decoded: Decoded<T> } | null>(null);
  useEffect(() => {
    let current = true;
    decode(blob).then(
      (value) => current && setOutcome({ blob, decoded: { status: 'done', value } }),
      (error: unknown) => current && setOutcome({ blob, decoded: { status: 'error', error } }),
    );
    return () => {
      current = false;
    };
  }, [blob, decode]);
  return outcome?.blob === blob ? outcome.decoded : LOADING;
}
