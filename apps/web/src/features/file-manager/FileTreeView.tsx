import { ChevronDown, ChevronRight, Folder, FolderOpen } from 'lucide-react';
import { createContext, use, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { formatBytes } from '../../lib/format-size';
import type { ExtractedFile } from './extracted-file';
import { cardProps, type FileActions } from './file-actions';
import { buildFileTree, type FileNode, type FolderNode, type TreeNode } from './file-tree';
import { FileCard } from './FileCard';
import { PAGE_SIZE } from './page-size';
import { ShowMoreButton } from './ShowMoreButton';

/**
 * Folders as nested lists with expand/collapse buttons (native buttons with aria-expanded, so
 * Tab, Enter and Space work without a custom keyboard model). Only open folders render their
 * contents, and each folder shows its first PAGE_SIZE entries, so huge archives stay fast.
 */

/** Small results open every folder (a search's matches are seen at once); large ones, the top level. */
const OPEN_ALL_UP_TO = PAGE_SIZE;

interface TreeState {
  actions: FileActions;
  isOpen: (node: TreeNode) => boolean;
  toggle: (node: TreeNode) => void;
}

const TreeContext = createContext<TreeState | null>(null);

function useTree(): TreeState {
  const state = use(TreeContext);
  if (!state) throw new Error('Tree nodes render inside FileTreeView');
  return state;
}

const ROW_BUTTON =
  'flex min-w-0 items-center gap-2 rounded-md text-start hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function Chevron({ open }: { open: boolean }) {
  // Closed points toward the reading direction's end: right in English, left in Arabic.
  return open ? (
    <ChevronDown aria-hidden className="size-4 shrink-0" />
  ) : (
    <ChevronRight aria-hidden className="size-4 shrink-0 rtl:-scale-x-100" />
  );
}

function FolderItem({ node }: { node: FolderNode }) {
  const { t, i18n } = useTranslation();
  const { isOpen, toggle } = useTree();
  const open = isOpen(node);
  const Icon = open ? FolderOpen : Folder;
  return (
    <li className="min-w-0">
      <button type="button" aria-expanded={open} onClick={() => toggle(node)} className={cn(ROW_BUTTON, 'w-full px-2 py-2')}>
        <Chevron open={open} />
        <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 truncate font-medium" title={node.name}>
          {node.name}
        </span>
        <span className="ms-auto shrink-0 ps-2 text-xs text-muted-foreground">
          {t('fileManager.tree.folderCount', { count: node.fileCount, size: formatBytes(node.totalSize, i18n.resolvedLanguage) })}
        </span>
      </button>
      {open && <Branch nodes={node.children} nested />}
    </li>
  );
}

function FileItem({ node }: { node: FileNode }) {
  const { t } = useTranslation();
  const { actions, isOpen, toggle } = useTree();
  const hasChildren = node.children.length > 0;
  const open = hasChildren && isOpen(node);
  return (
    <li className="min-w-0">
      <div className="flex min-w-0 items-start gap-1">
        {hasChildren && (
          <button
            type="button"
            aria-expanded={open}
            aria-label={t(open ? 'fileManager.tree.collapse' : 'fileManager.tree.expand', { name: node.file.name })}
            onClick={() => toggle(node)}
            className={cn(ROW_BUTTON, 'mt-3 size-8 shrink-0 justify-center')}
          >
            <Chevron open={open} />
          </button>
        )}
        <div className="min-w-0 flex-1">
          <FileCard layout="row" thumbnailSize="small" {...cardProps(node.file, actions)} />
        </div>
      </div>
      {open && <Branch nodes={node.children} nested />}
    </li>
  );
}

function Branch({ nodes, nested = false, label }: { nodes: readonly TreeNode[]; nested?: boolean; label?: string }) {
  const [limit, setLimit] = useState(PAGE_SIZE);
  return (
    <>
      <ul
        aria-label={label}
        className={cn('flex flex-col gap-1', nested && 'ms-2 mt-1 border-s border-border ps-2 sm:ms-3 sm:ps-3')}
      >
        {nodes
          .slice(0, limit)
          .map((node) =>
            node.kind === 'folder' ? <FolderItem key={node.key} node={node} /> : <FileItem key={node.key} node={node} />,
          )}
      </ul>
      <ShowMoreButton remaining={nodes.length - limit} onClick={() => setLimit((current) => current + PAGE_SIZE)} />
    </>
  );
}

export function FileTreeView({ files, actions }: { files: readonly ExtractedFile[]; actions: FileActions }) {
  const { t, i18n } = useTranslation();
  const tree = useMemo(() => buildFileTree(files, i18n.resolvedLanguage), [files, i18n.resolvedLanguage]);
  // Keys whose state the visitor flipped from the default, so newly opened archives get the default too.
  const [flipped, setFlipped] = useState<ReadonlySet<string>>(() => new Set());
  const openByDefault = useCallback(
    (node: TreeNode) => node.kind === 'file' || node.depth === 0 || files.length <= OPEN_ALL_UP_TO,
    [files.length],
  );
  const state = useMemo<TreeState>(
    () => ({
      actions,
      isOpen: (node) => openByDefault(node) !== flipped.has(node.key),
      toggle: (node) =>
        setFlipped((current) => {
          const next = new Set(current);
          if (!next.delete(node.key)) next.add(node.key);
          return next;
        }),
    }),
    [actions, flipped, openByDefault],
  );
  return (
    <TreeContext value={state}>
      <Branch nodes={tree} label={t('fileManager.tree.label')} />
    </TreeContext>
  );
}
