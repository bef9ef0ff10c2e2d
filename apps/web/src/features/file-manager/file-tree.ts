import type { ExtractedFile } from './extracted-file';

/**
 * The tree view's model: folders rebuilt from the files' `/`-separated paths. The files of an
 * opened nested archive hang beneath that archive's own file node (DECISIONS section 8), with
 * their paths made relative to it. Folders come first, sorted by name; files keep the order they
 * were given in, so the toolbar's sort still applies inside each folder.
 */

export interface FolderNode {
  kind: 'folder';
  /** Unique in the tree: the container (root or nested archive) and the folder's path in it. */
  key: string;
  name: string;
  depth: number;
  children: TreeNode[];
  /** Files anywhere below, nested archives' contents included. */
  fileCount: number;
  totalSize: number;
}

export interface FileNode {
  kind: 'file';
  key: string;
  depth: number;
  file: ExtractedFile;
  /** The contents of an opened nested archive; empty for any other file. */
  children: TreeNode[];
}

export type TreeNode = FolderNode | FileNode;

/** The file's parent in the tree, or null: absent, filtered out, or part of a (corrupt) cycle. */
function treeParent(file: ExtractedFile, byId: ReadonlyMap<string, ExtractedFile>): ExtractedFile | null {
  const parent = file.parentId === undefined ? undefined : byId.get(file.parentId);
  if (!parent) return null;
  const seen = new Set([file.id]);
  for (let ancestor: ExtractedFile | undefined = parent; ancestor;) {
    if (seen.has(ancestor.id)) return null;
    seen.add(ancestor.id);
    ancestor = ancestor.parentId === undefined ? undefined : byId.get(ancestor.parentId);
  }
  return parent;
}

function relativePath(file: ExtractedFile, parent: ExtractedFile | null): string {
  return parent && file.path.startsWith(`${parent.path}/`) ? file.path.slice(parent.path.length + 1) : file.path;
}

/** Sets depths and totals and puts folders first, once every node is in place. */
function finish(nodes: TreeNode[], collator: Intl.Collator, depth: number): { count: number; size: number } {
  let count = 0;
  let size = 0;
  for (const node of nodes) {
    node.depth = depth;
    const inner = finish(node.children, collator, depth + 1);
    if (node.kind === 'folder') {
      node.fileCount = inner.count;
      node.totalSize = inner.size;
    } else {
      count += 1;
      size += node.file.size;
    }
    count += inner.count;
    size += inner.size;
  }
  const folders = nodes.filter((node): node is FolderNode => node.kind === 'folder');
  folders.sort((a, b) => collator.compare(a.name, b.name));
  const files = nodes.filter((node) => node.kind === 'file');
  nodes.splice(0, nodes.length, ...folders, ...files);
  return { count, size };
}

export function buildFileTree(files: readonly ExtractedFile[], locale?: string): TreeNode[] {
  const byId = new Map(files.map((file) => [file.id, file]));
  const fileNodes = new Map<string, FileNode>();
  const parents = new Map<string, ExtractedFile | null>();
  for (const file of files) parents.set(file.id, treeParent(file, byId));

  // A child may come before its archive in `files`, so nodes are made on first mention.
  const nodeFor = (file: ExtractedFile): FileNode => {
    const existing = fileNodes.get(file.id);
    if (existing) return existing;
    const node: FileNode = { kind: 'file', key: `file:${file.id}`, depth: 0, file, children: [] };
    fileNodes.set(file.id, node);
    return node;
  };

  const root: TreeNode[] = [];
  const folders = new Map<string, FolderNode>();
  for (const file of files) {
    const parent = parents.get(file.id) ?? null;
    const parentNode = parent ? nodeFor(parent) : null;
    const containerKey = parentNode ? parentNode.key : 'root';
    let siblings = parentNode ? parentNode.children : root;
    const segments = relativePath(file, parent).split('/').filter(Boolean);
    for (let index = 0; index < segments.length - 1; index += 1) {
      const key = `${containerKey}/${segments.slice(0, index + 1).join('/')}`;
      let folder = folders.get(key);
      if (!folder) {
        folder = { kind: 'folder', key, name: segments[index] ?? '', depth: 0, children: [], fileCount: 0, totalSize: 0 };
        folders.set(key, folder);
        siblings.push(folder);
      }
      siblings = folder.children;
    }
    siblings.push(nodeFor(file));
  }
  finish(root, new Intl.Collator(locale, { numeric: true, sensitivity: 'base' }), 0);
  return root;
}
