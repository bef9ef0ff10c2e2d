import { useEffect, useState } from 'react';
import { computeSha256 } from './sha256';

/** What is hashed: a file whose bytes are cut out of the archive's output only when read. */
interface Hashable {
  readonly blob: Blob;
}

// Kept per file for the page's lifetime, so a card that remounts (list ↔ grid, filtering) shows
// a checksum it already computed instead of asking again. Weak: it goes when the file goes.
const computed = new WeakMap<Hashable, string>();

type Phase = 'idle' | 'computing' | 'failed';

/**
 * A file's SHA-256, computed only after `start()` (a list of thousands of files must not hash them
 * all). Its blob is read only then too: each read cuts a slice of a shared Blob, and reading all
 * of them while a list of 303 files rendered took ~130 ms of the page's main thread. Leaving the
 * page or changing the file aborts a running hash.
 */
export function useSha256(file: Hashable): { hash: string | undefined; phase: Phase; start: () => void } {
  // The phase is stored with its file, so a new file starts idle without resetting state in an effect.
  const [state, setState] = useState<{ file: Hashable; phase: Phase; hash?: string }>({ file, phase: 'idle' });
  const current = state.file === file ? state : { file, phase: 'idle' as const };
  const hash = current.hash ?? computed.get(file);
  const computing = current.phase === 'computing' && !hash;

  useEffect(() => {
    if (!computing) return;
    const controller = new AbortController();
    computeSha256(file.blob, { signal: controller.signal }).then(
      (value) => {
        computed.set(file, value);
        setState({ file, phase: 'idle', hash: value });
      },
      () => {
        if (!controller.signal.aborted) setState({ file, phase: 'failed' });
      },
    );
    return () => controller.abort();
  }, [file, computing]);

  return { hash, phase: hash ? 'idle' : current.phase, start: () => setState({ file, phase: 'computing' }) };
}
