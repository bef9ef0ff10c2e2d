import { DEFAULT_SERVER_SETTINGS, parseServerSettings, SERVER_SETTINGS_URL, type ServerSettings } from '@archive-opener/shared';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * The running server's retention, upload limit and concurrency (`GET /api/config`), asked once per
 * visit by the first page that states them. Until the answer (and in the prerendered HTML, which
 * hydration must match) the defaults are shown; a failed request keeps them and is tried again by
 * the next page that needs them.
 */
let current: ServerSettings = DEFAULT_SERVER_SETTINGS;
let asked = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function ask(): Promise<void> {
  if (asked) return;
  asked = true;
  try {
    const response = await fetch(SERVER_SETTINGS_URL, { headers: { accept: 'application/json' } });
    const settings = response.ok ? parseServerSettings(await response.json()) : null;
    if (!settings) throw new Error(`GET ${SERVER_SETTINGS_URL} answered ${response.status}`);
    current = settings;
    for (const listener of listeners) listener();
  } catch {
    asked = false;
  }
}

export function useServerSettings(): ServerSettings {
  const settings = useSyncExternalStore(
    subscribe,
    () => current,
    () => DEFAULT_SERVER_SETTINGS,
  );
  useEffect(() => void ask(), []);
  return settings;
}

/** The settings as known now, for code outside React (the answer may not have arrived yet). */
export function knownServerSettings(): ServerSettings {
  return current;
}

/** The largest archive the server accepts, in bytes. */
export function serverMaxBytes(settings: ServerSettings): number {
  return settings.maxUploadMb * 1024 * 1024;
}
