import type { FolderTarget } from '@archive-opener/engine/browser';
import { createAllowed, FolderNames } from '@archive-opener/shared';
import { namesIn } from '../file-manager/file-system-access';
import { planFolder } from '../file-manager/folder-placement';
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
 * placed as "Extract to folder…" places a copy (folder-placement.ts): an archive whose listed
 * files share one top folder becomes that folder, anything else a folder named after the
 * archive. Names are reserved as they are chosen, so two archives of a batch made at once never
 * get the same folder, and nothing that was there is touched.
 */
export async function pickedFolder(picked: FileSystemDirectoryHandle): Promise<PickedFolder> {
  const existing = await namesIn(picked);
  const taken = new FolderNames(existing);
  return {
    async folderFor(job) {
      // Without a listing (still running, or names the password hides) the archive's name is used.
      const names = job.listing?.state === 'listed' ? job.listing.names : [];
      const plan = planFolder(names, job.name, existing);
      const made = await createAllowed(plan.folder, true, taken, (name) => picked.getDirectoryHandle(name, { create: true }));
      return {
        target: { handle: made.handle, top: plan.top },
        name: made.name,
        remove: () => picked.removeEntry(made.name, { recursive: true }).catch(() => undefined),
      };
    },
  };
}
