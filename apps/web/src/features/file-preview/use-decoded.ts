import { useEffect, useState } from 'react';

export type Decoded<T> = { status: 'loading' } | { status: 'done'; value: T } | { status: 'error'; error: unknown };

const LOADING = { status: 'loading' } as const;

/**
 * Runs `decode(source)` once per source (a file, whose bytes may first have to be fetched from
 * the server) while the component is mounted (a preview decodes on first open, docs/product.md#previews).
 * The outcome is stored with its source, so a new source reads as loading without resetting state
 * inside the effect; a late result of an old source is ignored. `decode` must be stable (a
 * module-level function).
 */
export function useDecoded<S, T>(source: S, decode: (source: S) => Promise<T>): Decoded<T> {
  const [outcome, setOutcome] = useState<{ source: S; decoded: Decoded<T> } | null>(null);
  useEffect(() => {
    let current = true;
    decode(source).then(
      (value) => current && setOutcome({ source, decoded: { status: 'done', value } }),
      (error: unknown) => current && setOutcome({ source, decoded: { status: 'error', error } }),
    );
    return () => {
      current = false;
    };
  }, [source, decode]);
  return outcome?.source === source ? outcome.decoded : LOADING;
}
