import { useEffect, useState } from 'react';
import { computeSha256 } from './sha256';

// Kept per blob for the page's lifetime, so a card that remounts (list ↔ grid, filtering) shows
// a checksum it already computed instead of asking again. Weak: it goes when the file goes.
const computed = new WeakMap<Blob, string>();

type Phase = 'idle' | 'computing' | 'failed';

/**
 * A blob's SHA-256, computed only after `start()` (a list of thousands of files must not hash them
 * all). Leaving the page or changing the blob aborts a running hash.
 */
export function useSha256(blob: Blob): { hash: string | undefined; phase: Phase; start: () => void } {
  // The phase is stored with its blob, so a new blob starts idle without resetting state in an effect.
  const [state, setState] = useState<{ blob: Blob; phase: Phase; hash?: string }>({ blob, phase: 'idle' });
  const current = state.blob === blob ? state : { blob, phase: 'idle' as const };
  const hash = current.hash ?? computed.get(blob);
  const computing = current.phase === 'computing' && !hash;

  useEffect(() => {
    if (!computing) return;
    const controller = new AbortController();
    computeSha256(blob, { signal: controller.signal }).then(
      (value) => {
        computed.set(blob, value);
        setState({ blob, phase: 'idle', hash: value });
      },
      () => {
        if (!controller.signal.aborted) setState({ blob, phase: 'failed' });
      },
    );
    return () => controller.abort();
  }, [blob, computing]);

  return { hash, phase: hash ? 'idle' : current.phase, start: () => setState({ blob, phase: 'computing' }) };
}
