import { useEffect } from 'react';
import { ARCHIVE_WORK_CHANNEL } from './archive-work-contract';
import { ArchiveWorkAnnouncer } from './archive-work-announcer';

let announcer: ArchiveWorkAnnouncer | null | undefined;

/** The page's one announcer, or null where there is no service worker or BroadcastChannel to tell. */
function pageAnnouncer(): ArchiveWorkAnnouncer | null {
  if (announcer !== undefined) return announcer;
  if (typeof BroadcastChannel !== 'function' || !('serviceWorker' in navigator)) return (announcer = null);
  const page = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
  const made = new ArchiveWorkAnnouncer(new BroadcastChannel(ARCHIVE_WORK_CHANNEL), page);
  window.addEventListener('pagehide', () => made.end());
  return (announcer = made);
}

/**
 * Tells the service worker whether this page lists or extracts an archive now: its install waits
 * meanwhile (docs/decisions/041-precache-waits-for-archive-work.md).
 */
export function useArchiveWorkAnnouncer(busy: boolean): void {
  useEffect(() => {
    pageAnnouncer()?.set(busy);
    // An extractor that goes away (the visitor moved to another page of the site) holds nothing up.
    return () => pageAnnouncer()?.set(false);
  }, [busy]);
}
