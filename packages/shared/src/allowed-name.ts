import { windowsSafeName } from './file-names.js';

/**
 * Names in a folder on the visitor's disk that the browser may refuse. Chromium's File System
 * Access refuses, on every system, names Windows cannot hold and a few more: `"*:<>?\|`,
 * control and format characters, a name ending in a dot or a space, device names (CON, aux.txt),
 * and extensions the Windows shell acts on (.lnk, .url, .scf). Such names are legal in an archive
 * and on Linux, and the engine keeps them; a refused one is written under a name that is allowed
 * instead of failing the whole "Extract to folder" halfway through: by the page (a copy of
 * extracted files) and by the engine's worker (an extraction straight into a folder).
 * e2e/disk-folder-names.test.ts checks both sides against a real folder on disk in Chromium.
 */

/** `name (n)`, the number before the extension of a file, after a folder's whole name. */
export function numberedName(name: string, n: number, isFolder: boolean): string {
  const dot = name.lastIndexOf('.');
  return !isFolder && dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** Characters a portable name never holds (`/` cannot reach here: it separates folders). */
const REFUSED_ANYWHERE = /[\p{Cc}\p{Cf}"*:<>?\\|~]/gu;
/** What a name may not start or end with (one leading dot stays: `.git`, `.env`). */
const REFUSED_AT_ENDS = /^[\s.~]+|[\s.~]+$/gu;
/** Extensions the Windows shell acts on (links, shell commands, internet shortcuts, class IDs). */
const SHELL_EXTENSION = /\.(lnk|scf|url|local|\{[^}]*\})$/i;

/** `name` with everything a browser or Windows may refuse replaced by `_` (never empty). */
export function portableName(name: string): string {
  const dot = name.startsWith('.') ? '.' : '';
  let rest = name
    .slice(dot.length)
    .replace(REFUSED_ANYWHERE, '_')
    .replace(REFUSED_AT_ENDS, (ends) => '_'.repeat(ends.length));
  if (SHELL_EXTENSION.test(rest)) rest = `${rest}_`;
  return windowsSafeName(`${dot}${rest === '' ? '_' : rest}`);
}

/** The names of one folder being filled, compared without case as most disks do. */
export class FolderNames {
  private readonly lower = new Set<string>();

  constructor(existing: Iterable<string> = []) {
    for (const name of existing) this.lower.add(name.toLowerCase());
  }

  /** `name`, or the first `name (n)` not yet taken; it is taken from now on. */
  take(name: string, isFolder: boolean): string {
    let candidate = name;
    for (let n = 2; this.lower.has(candidate.toLowerCase()); n += 1) candidate = numberedName(name, n, isFolder);
    this.lower.add(candidate.toLowerCase());
    return candidate;
  }
}

export interface Created<T> {
  handle: T;
  /** The name it got: `name`, numbered, or a portable form of it. */
  name: string;
}

/**
 * Creates `name` with `create`, or, when the browser refuses the name (a TypeError), a portable
 * form of it, then that form with a leading `_` (device and shell names Windows reserves), each
 * never one the folder has. Any other failure, or all three refused, is thrown.
 */
export async function createAllowed<T>(
  name: string,
  isFolder: boolean,
  names: FolderNames,
  create: (name: string) => Promise<T>,
): Promise<Created<T>> {
  const portable = portableName(name);
  let refusal: unknown;
  for (const candidate of new Set([name, portable, `_${portable}`])) {
    const unused = names.take(candidate, isFolder);
    try {
      return { handle: await create(unused), name: unused };
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      refusal = error;
    }
  }
  throw refusal;
}

/** How a disk makes a folder or a file in a folder (the File System Access API's handles, in the browser). */
export interface DiskMaker<Folder, File> {
  folderIn(parent: Folder, name: string): Promise<Folder>;
  fileIn(parent: Folder, name: string): Promise<File>;
}

interface FilledFolder<Folder> {
  handle: Folder;
  names: FolderNames;
}

/**
 * Files written under `root` on a disk by their `/`-separated paths: each folder made on first
 * use, and every folder and file under a name the disk allows that none before it took
 * (`createAllowed`). Safe for files created at once: names are taken as they are chosen, and
 * each folder is made once.
 */
export class DiskTree<Folder, File> {
  private readonly folders = new Map<string, Promise<FilledFolder<Folder>>>();
  private firstRename: { from: string; to: string } | null = null;

  constructor(
    root: Folder,
    private readonly maker: DiskMaker<Folder, File>,
  ) {
    this.folders.set('', Promise.resolve({ handle: root, names: new FolderNames() }));
  }

  /** The first name the disk refused or already had, and what it was made as; null if none. */
  get renamed(): { from: string; to: string } | null {
    return this.firstRename;
  }

  /** The folder at `path` ('' for the root), made with its parents if it is not yet. */
  folderAt(path: string): Promise<FilledFolder<Folder>> {
    let folder = this.folders.get(path);
    if (!folder) {
      const slash = path.lastIndexOf('/');
      const name = path.slice(slash + 1);
      folder = this.folderAt(slash < 0 ? '' : path.slice(0, slash)).then(async (parent) => {
        const made = await createAllowed(name, true, parent.names, (allowed) => this.maker.folderIn(parent.handle, allowed));
        this.noteRename(name, made.name);
        return { handle: made.handle, names: new FolderNames() };
      });
      this.folders.set(path, folder);
    }
    return folder;
  }

  /** Creates the file at `path`, its folders first. */
  async createFile(path: string): Promise<File> {
    const slash = path.lastIndexOf('/');
    const name = path.slice(slash + 1);
    const folder = await this.folderAt(slash < 0 ? '' : path.slice(0, slash));
    const made = await createAllowed(name, false, folder.names, (allowed) => this.maker.fileIn(folder.handle, allowed));
    this.noteRename(name, made.name);
    return made.handle;
  }

  /** Notes a name made otherwise than planned (the first one is told to the visitor). */
  noteRename(from: string, to: string): void {
    if (from !== to) this.firstRename ??= { from, to };
  }
}
