import type { ExtractedFile } from './extracted-file';
import { compareKeys, sortKey } from './sort-key';

/**
 * The tree view's model. The folders are rebuilt from the files' `/`-separated paths once per
 * list of files, in one pass (each path segment is one map look-up). The files of an opened nested
 * archive hang beneath that archive's own file, with their paths made relative to it.
 *
 * A search or a sort does not rebuild it: `treeRows` drops the positions of the files the view
 * shows into their folders in one pass over typed arrays (so each folder lists its files in the
 * toolbar's order, and counts only matches) and walks only the open folders, so a collapsed tree
 * of 100,000 files costs a few milliseconds.
 */

/** A level of the tree: the root (number 0), a folder, or the inside of an opened nested archive. */
interface Container {
  key: string;
  name: string;
  /** The container this one sits in; -1 for the root. */
  parent: number;
  folders: Map<string, number>;
  /** Its folders in name order, sorted on first use (folders come before files). */
  sortedFolders?: number[];
  /** The insides of the opened nested archives that are files of this container. */
  archives: number[];
  /** For the inside of a nested archive: the archive's position among the files. */
  archiveAt: number;
}

export interface FileTree {
  files: readonly ExtractedFile[];
  containers: Container[];
  /** For each file (by position): the container it is listed in. */
  containerAt: Int32Array;
  /** For each file: the container of its contents when it is an opened nested archive, else -1. */
  insideAt: Int32Array;
}

/** The file's parent archive's position, or -1: absent, or part of a (corrupt) cycle. */
function parentPosition(at: number, files: readonly ExtractedFile[], positions: ReadonlyMap<string, number>): number {
  const parentId = files[at]?.parentId;
  const parent = parentId === undefined ? undefined : positions.get(parentId);
  if (parent === undefined) return -1;
  const seen = new Set([at]);
  for (let ancestor: number | undefined = parent; ancestor !== undefined;) {
    if (seen.has(ancestor)) return -1;
    seen.add(ancestor);
    const id: string | undefined = files[ancestor]?.parentId;
    ancestor = id === undefined ? undefined : positions.get(id);
  }
  return parent;
}

function relativePath(file: ExtractedFile, parent: ExtractedFile | undefined): string {
  return parent && file.path.startsWith(`${parent.path}/`) ? file.path.slice(parent.path.length + 1) : file.path;
}

export function buildFileTree(files: readonly ExtractedFile[]): FileTree {
  const containers: Container[] = [];
  const add = (key: string, name: string, parent: number, archiveAt = -1) =>
    containers.push({ key, name, parent, folders: new Map(), archives: [], archiveAt }) - 1;
  add('root', '', -1);
  const containerAt = new Int32Array(files.length);
  const insideAt = new Int32Array(files.length).fill(-1);
  // Only nested files need their parent archive found by id.
  const nested = files.some((file) => file.parentId !== undefined);
  const positions = nested ? new Map(files.map((file, at) => [file.id, at])) : new Map<string, number>();

  // An archive's inside hangs in the archive's own container, known once the archive itself is
  // placed: made on first mention, attached to its place at the end.
  const inside = (archiveAt: number): number => {
    let index = insideAt[archiveAt] ?? -1;
    if (index < 0) {
      const archive = files[archiveAt];
      index = add(`file:${archive?.id ?? archiveAt}`, archive?.name ?? '', 0, archiveAt);
      insideAt[archiveAt] = index;
    }
    return index;
  };

  files.forEach((file, at) => {
    const parentAt = nested ? parentPosition(at, files, positions) : -1;
    let current = parentAt < 0 ? 0 : inside(parentAt);
    // Never `files[-1]`: a negative index is a slow property look-up in V8, on every file.
    const segments = (parentAt < 0 ? file.path : relativePath(file, files[parentAt])).split('/');
    for (let index = 0; index < segments.length - 1; index += 1) {
      const name = segments[index] ?? '';
      const container = containers[current];
      if (name === '' || !container) continue;
      let folder = container.folders.get(name);
      if (folder === undefined) {
        folder = add(`${container.key}/${name}`, name, current);
        container.folders.set(name, folder);
      }
      current = folder;
    }
    containerAt[at] = current;
  });
  containers.forEach((container, index) => {
    if (container.archiveAt < 0) return;
    container.parent = containerAt[container.archiveAt] ?? 0;
    containers[container.parent]?.archives.push(index);
  });
  return { files, containers, containerAt, insideAt };
}

function sortedFolders(container: Container, containers: readonly Container[]): number[] {
  if (!container.sortedFolders) {
    const folders = [...container.folders.values()].map((index) => ({ index, name: containers[index]?.name ?? '' }));
    const keyed = folders.map((folder) => ({ ...folder, key: sortKey(folder.name) }));
    keyed.sort((a, b) => compareKeys(a.key, b.key) || compareKeys(a.name, b.name));
    container.sortedFolders = keyed.map(({ index }) => index);
  }
  return container.sortedFolders;
}

/** One line of the tree view: a folder (or a nested archive whose own file is filtered out), or a file. */
export type TreeRow =
  | { kind: 'folder'; key: string; name: string; depth: number; open: boolean; fileCount: number; totalSize: number }
  | { kind: 'file'; key: string; file: ExtractedFile; depth: number; open: boolean; expandable: boolean };

/** A row with its place among its siblings, for assistive technologies (aria-level, -posinset, -setsize). */
export type PlacedTreeRow = TreeRow & { position: number; siblings: number };

/**
 * The rows the tree view shows for `shown` (the positions of the filtered, sorted files): every
 * container with a match, files in `shown`'s order after the folders, and the insides of open
 * containers only. `isOpen(key, defaultOpen)` says whether a container is open; folders default
 * to closed, the insides of opened archives to open (the visitor asked to see them).
 */
export function treeRows(
  tree: FileTree,
  shown: ArrayLike<number>,
  isOpen: (key: string, defaultOpen: boolean) => boolean,
): PlacedTreeRow[] {
  const { files, containers, containerAt, insideAt } = tree;
  const counts = new Int32Array(containers.length);
  const sizes = new Float64Array(containers.length);
  const filesIn: (number[] | undefined)[] = new Array<number[] | undefined>(containers.length);
  const archiveShown = new Set<number>();
  for (let step = 0; step < shown.length; step += 1) {
    const at = shown[step] ?? 0;
    const container = containerAt[at] ?? 0;
    (filesIn[container] ??= []).push(at);
    if ((insideAt[at] ?? -1) >= 0) archiveShown.add(at);
    const size = files[at]?.size ?? 0;
    for (let level = container; level >= 0; level = containers[level]?.parent ?? -1) {
      counts[level] = (counts[level] ?? 0) + 1;
      sizes[level] = (sizes[level] ?? 0) + size;
    }
  }

  const rows: PlacedTreeRow[] = [];
  const walk = (index: number, depth: number) => {
    const container = containers[index];
    if (!container) return;
    const folders = sortedFolders(container, containers).filter((folder) => (counts[folder] ?? 0) > 0);
    // An opened archive filtered out by the search still holds matches: it shows as a folder.
    for (const inner of container.archives)
      if ((counts[inner] ?? 0) > 0 && !archiveShown.has(containers[inner]?.archiveAt ?? -1)) folders.push(inner);
    const own = filesIn[index] ?? [];
    const siblings = folders.length + own.length;
    let position = 0;
    for (const folder of folders) {
      const { key, name } = containers[folder] ?? { key: '', name: '' };
      const open = isOpen(key, false);
      position += 1;
      const counted = { fileCount: counts[folder] ?? 0, totalSize: sizes[folder] ?? 0 };
      rows.push({ kind: 'folder', key, name, depth, open, ...counted, position, siblings });
      if (open) walk(folder, depth + 1);
    }
    for (const at of own) {
      const file = files[at];
      if (!file) continue;
      const inner = insideAt[at] ?? -1;
      const expandable = inner >= 0 && (counts[inner] ?? 0) > 0;
      const key = `file:${file.id}`;
      const open = expandable && isOpen(key, true);
      position += 1;
      rows.push({ kind: 'file', key, file, depth, open, expandable, position, siblings });
      if (open) walk(inner, depth + 1);
    }
  };
  walk(0, 0);
  return rows;
}
