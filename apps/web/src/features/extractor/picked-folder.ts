import type { FolderTarget } from '@archive-opener/engine/browser';
import { archiveBaseName } from '@archive-opener/shared';
import { createAllowed, FolderNames } from '@archive-opener/shared/allowed-name';
import { namesIn } from '../file-manager/file-system-access';
import { FALLBACK_FOLDER } from '../file-manager/folder-placement';
import type { ArchiveJob } from './archive-jobs';

/** The folder made in the picked one for one archive: where its worker writes, and how to take it back. */
export interface ArchiveFolder {
  target: FolderTarget;
  /** Its name in the picked folder. */
  name: string;
  /** Removes it and everything written in it (the extraction failed or was cancelled). */
  remove(): Promise<void>;
}

/** The folder the visitor picked for "Extract straight to a folder…", shared by the archives of a batch. */
export interface PickedFolder {
  folderFor(job: Pick<ArchiveJob, 'name' | 'listing'>): Promise<ArchiveFolder>;
}

/**
 * Reads what the picked folder holds once, then makes one new folder in it for each archive,
 * placed as "Extract to folder…" places a copy (folder-placement.ts): an archive whose entries
 * all sit in one top folder becomes that folder, anything else a folder named after the archive
 * (its listing says which: the engine's host-browser/folder-hints.ts). A name the folder has gets " (2)",
 * " (3)"…; names are reserved as they are chosen, so two archives of a batch made at once never
 * get the same folder, and nothing that was there is touched.
 */
export async function pickedFolder(picked: FileSystemDirectoryHandle): Promise<PickedFolder> {
  const taken = new FolderNames(await namesIn(picked));
  return {
    async folderFor(job) {
      // Without a listing (still running, or names the password hides) the archive's name is used.
      const top = (job.listing?.state === 'listed' && job.listing.top) || null;
      const name = top ?? (archiveBaseName(job.name) || FALLBACK_FOLDER);
      const made = await createAllowed(name, true, taken, (allowed) => picked.getDirectoryHandle(allowed, { create: true }));
      return {
        target: { handle: made.handle, top },
        name: made.name,
        remove: () => removeWhenUnlocked(picked, made.name),
      };
    },
  };
}

/** The first wait before trying a removal again; it doubles each time (about 13 s in all). */
const REMOVE_RETRY_FIRST_MS = 100;
const REMOVE_ATTEMPTS = 8;

/**
 * Removes the folder `name` and everything in it. Right after a cancel, files the terminated
 * worker was writing are still locked until the browser has let its writers go (Chromium refuses
 * the removal with NoModificationAllowedError meanwhile), so a refusal is tried again a few times.
 * Never throws: what cannot be removed stays, as any other failed write would.
 */
async function removeWhenUnlocked(picked: FileSystemDirectoryHandle, name: string): Promise<void> {
  for (let attempt = 1, wait = REMOVE_RETRY_FIRST_MS; ; attempt += 1, wait *= 2) {
    try {
      await picked.removeEntry(name, { recursive: true });
      return;
    } catch (error) {
      if ((error instanceof DOMException && error.name === 'NotFoundError') || attempt === REMOVE_ATTEMPTS) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
