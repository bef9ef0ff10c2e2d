import { OUTPUT_STORE_FOLDER } from '../output-store.js';

/**
 * The page's side of the output stores (../output-store.ts): each extraction's store is named
 * here and held under a Web Lock of the same name for as long as its files are shown, so that
 * another tab (or this one at its next visit) tells a store in use from one a closed or crashed
 * tab left behind, and deletes only the latter.
 */
const LOCK_PREFIX = 'archive-opener-output:';
/** Between a store's name and a part's number: never in a name (base-36 time, a UUID). */
const PART_SEPARATOR = '.';

export interface OutputStoreLease {
  /** The store's name, for the worker (BrowserRequest.outputStore). */
  readonly name: string;
  /**
   * The name of the store of the `index`th of several workers sharing one extraction (the first's
   * is `name`): under the same lock, and deleted with it.
   */
  partName(index: number): string;
  /** Deletes the store and lets its lock go: its files are dismissed, or the extraction failed. */
  release(): Promise<void>;
}

function outputFolder(create: boolean): Promise<FileSystemDirectoryHandle> {
  return navigator.storage.getDirectory().then((root) => root.getDirectoryHandle(OUTPUT_STORE_FOLDER, { create }));
}

/** Whether this browser can have output stores (Origin Private File System and Web Locks). */
export function outputStoresAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.storage?.getDirectory === 'function' && !!navigator.locks;
}

/** The next extraction's lease, taken when archives are chosen (leaseOutputStoreAhead). */
let ahead: Promise<OutputStoreLease | null> | null = null;

/**
 * Takes the next extraction's lease now, while the visitor looks at the listing: the lock is a
 * round trip to the browser process that waits for the page's main thread, which after a click
 * draws the progress. The click then sent its request 46-110 ms after it (the bench's 1.6 MB
 * zip: 0.22-0.35 s from click to files). A lease never used holds a lock and no store.
 */
export function leaseOutputStoreAhead(): void {
  ahead ??= newLease();
}

/** A new store's name under its lock, held from now on (taken ahead, if it was); null where stores are not available. */
export function leaseOutputStore(): Promise<OutputStoreLease | null> {
  const lease = ahead ?? newLease();
  ahead = null;
  return lease;
}

async function newLease(): Promise<OutputStoreLease | null> {
  if (!outputStoresAvailable()) return null;
  const name = `${Date.now().toString(36)}-${crypto.randomUUID()}`;
  let unlock = (): void => undefined;
  const held = new Promise<void>((resolve) => (unlock = resolve));
  try {
    await new Promise<void>((granted, failed) => {
      navigator.locks
        .request(LOCK_PREFIX + name, () => {
          granted();
          return held;
        })
        .catch(failed);
    });
  } catch {
    return null;
  }
  let released = false;
  const names = new Set([name]);
  const lease: OutputStoreLease = {
    name,
    partName(index) {
      const part = index === 0 ? name : `${name}${PART_SEPARATOR}${index}`;
      names.add(part);
      return part;
    },
    async release() {
      if (released) return;
      released = true;
      leases.delete(name);
      // A worker just terminated may still have the file open: then the next sweep deletes it.
      const folder = await outputFolder(false).catch(() => null);
      if (folder) await Promise.all([...names].map((each) => folder.removeEntry(each).catch(() => undefined)));
      unlock();
    },
  };
  leases.set(name, lease);
  return lease;
}

/** This page's stores, by name, until released; and those whose files the page has shown. */
const leases = new Map<string, OutputStoreLease>();
const shown = new Set<string>();

/**
 * Releases every store whose files were shown and are no longer (the visitor removed them or
 * opened other archives). Called with the stores the page's files refer to now; a store whose
 * files were never shown yet (its extraction still runs) is kept.
 */
export function keepOutputStores(live: ReadonlySet<string>): void {
  for (const name of live) shown.add(name);
  for (const [name, lease] of leases) {
    if (shown.has(name) && !live.has(name)) {
      shown.delete(name);
      void lease.release();
    }
  }
}

/**
 * Deletes every store no page holds the lock of (left by a tab that closed or crashed before it
 * let its files go). Resolves with how many were deleted.
 */
export async function sweepOutputStores(): Promise<number> {
  if (!outputStoresAvailable()) return 0;
  try {
    const folder = await outputFolder(false);
    const { held = [] } = await navigator.locks.query();
    const locked = new Set(held.map((lock) => lock.name));
    const names: string[] = [];
    for await (const name of (folder as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
    let deleted = 0;
    for (const name of names) {
      if (locked.has(LOCK_PREFIX + name.split(PART_SEPARATOR)[0])) continue;
      const gone = await folder.removeEntry(name).then(
        () => true,
        () => false,
      );
      if (gone) deleted += 1;
    }
    return deleted;
  } catch {
    // No folder yet (nothing was ever stored), or storage refused: nothing to sweep.
    return 0;
  }
}
