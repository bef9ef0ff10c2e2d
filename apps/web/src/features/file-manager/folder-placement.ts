import { archiveBaseName } from '@archive-opener/shared';
import { numberedName } from '@archive-opener/shared/allowed-name';
import { zipEntryNames } from './downloads';

/** Where "Extract to folder" puts the files: one new folder in the picked one, and each file's path inside it. */
export interface FolderPlan {
  /** The folder made in the picked folder (never one that exists: it gets " (2)", " (3)"…). */
  folder: string;
  /** `/`-separated path of each file inside `folder`, in the order of the files given. */
  paths: string[];
}

/** Used when neither the archive nor a shared top folder gives a name (a batch of several archives). */
export const FALLBACK_FOLDER = 'extracted-files';

/** `name`, or the first `name (n)` no entry of `taken` has (compared without case, as most disks do). */
export function unusedName(name: string, taken: ReadonlySet<string>, isFolder: boolean): string {
  const lower = new Set([...taken].map((entry) => entry.toLowerCase()));
  let candidate = name;
  for (let n = 2; lower.has(candidate.toLowerCase()); n += 1) candidate = numberedName(name, n, isFolder);
  return candidate;
}

/**
 * The files' paths as the ZIP would name them (safe names, no two equal but for case, a nested
 * archive's contents beside it in `<name>-extracted`), placed "smartly": when every file is
 * inside one top folder, that folder is the one made (an archive of `project/…` gives
 * `project`, not `project/project`); otherwise a new folder named after the archive holds them.
 * `taken` are the names already in the picked folder: nothing there is ever overwritten.
 */
export function planFolder(paths: readonly string[], archiveName: string | null, taken: ReadonlySet<string>): FolderPlan {
  const names = zipEntryNames(paths);
  const tops = new Set(names.map((name) => (name.includes('/') ? name.slice(0, name.indexOf('/')) : null)));
  const [top] = tops;
  if (tops.size === 1 && typeof top === 'string') {
    return { folder: unusedName(top, taken, true), paths: names.map((name) => name.slice(top.length + 1)) };
  }
  const base = archiveName === null ? '' : archiveBaseName(archiveName);
  return { folder: unusedName(base === '' ? FALLBACK_FOLDER : base, taken, true), paths: names };
}
