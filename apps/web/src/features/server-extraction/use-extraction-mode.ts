import { useCallback, useSyncExternalStore } from 'react';
import {
  DEFAULT_EXTRACTION_MODE,
  EXTRACTION_MODE_STORAGE_KEY,
  parseExtractionMode,
  type ExtractionMode,
} from './extraction-mode';

// This visit's choice when storage refuses to keep it (private mode, storage disabled).
let unsaved: ExtractionMode | null = null;
const listeners = new Set<() => void>();

function readStored(): ExtractionMode {
  if (unsaved) return unsaved;
  try {
    return parseExtractionMode(localStorage.getItem(EXTRACTION_MODE_STORAGE_KEY));
  } catch {
    return DEFAULT_EXTRACTION_MODE;
  }
}

function onStorage(event: StorageEvent) {
  if (event.key === EXTRACTION_MODE_STORAGE_KEY) for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the mode: follow it.
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/**
 * The visitor's extraction mode. Read through useSyncExternalStore so that hydration starts from
 * the prerendered default (browser) and then moves to the stored choice without a mismatch.
 */
export function useExtractionMode(): [ExtractionMode, (next: ExtractionMode) => void] {
  const mode = useSyncExternalStore(subscribe, readStored, () => DEFAULT_EXTRACTION_MODE);
  const choose = useCallback((next: ExtractionMode) => {
    try {
      localStorage.setItem(EXTRACTION_MODE_STORAGE_KEY, next);
      unsaved = null;
    } catch {
      unsaved = next;
    }
    for (const listener of listeners) listener();
  }, []);
  return [mode, choose];
}
