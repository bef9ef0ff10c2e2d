import { ChevronDown, ChevronRight, Folder, FolderOpen } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { formatBytes } from '../../lib/format-size';
import { cardProps, type FileActions } from './file-actions';
import { treeRows, type FileTree, type PlacedTreeRow } from './file-tree';
import { FileCard } from './FileCard';
import { useGridColumns } from './use-grid-columns';
import { useWindowRows } from './use-window-rows';

/**
 * Folders as one flat list of rows, indented by depth, with expand/collapse buttons (native
 * buttons with aria-expanded, so Tab, Enter and Space work without a custom keyboard model; each
 * row carries aria-level, -posinset and -setsize). Folders start collapsed, and only the rows near
 * the viewport are rendered, so an archive of 100,000 files opens as fast as a small one.
 */

export interface FileTreeViewProps {
  tree: FileTree;
  /** The positions (in the tree's files) of the filtered, sorted files: each folder lists its own in this order. */
  shown: ArrayLike<number>;
  actions: FileActions;
  /** Open every folder by default: a search with few matches shows them at once. */
  revealAll?: boolean;
}

/** A folder row's and a file row's height (measured in Chromium), used until each row is measured. */
const FOLDER_HEIGHT = 44;
const FILE_HEIGHT = { phone: 174, wide: 130 };

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

function RowContent({ row, actions, toggle }: { row: PlacedTreeRow; actions: FileActions; toggle: (key: string) => void }) {
  const { t, i18n } = useTranslation();
  if (row.kind === 'folder') {
    const Icon = row.open ? FolderOpen : Folder;
    return (
      <button
        type="button"
        aria-expanded={row.open}
        onClick={() => toggle(row.key)}
        className={cn(ROW_BUTTON, 'w-full px-2 py-2')}
      >
        <Chevron open={row.open} />
        <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <bdi className="min-w-0 truncate font-medium" title={row.name}>
          {row.name}
        </bdi>
        <span className="ms-auto shrink-0 ps-2 text-xs text-muted-foreground">
          {t('fileManager.tree.folderCount', { count: row.fileCount, size: formatBytes(row.totalSize, i18n.resolvedLanguage) })}
        </span>
      </button>
    );
  }
  return (
    <div className="flex min-w-0 items-start gap-1">
      {row.expandable && (
        <button
          type="button"
          aria-expanded={row.open}
          aria-label={t(row.open ? 'fileManager.tree.collapse' : 'fileManager.tree.expand', { name: row.file.name })}
          onClick={() => toggle(row.key)}
          className={cn(ROW_BUTTON, 'mt-3 size-8 shrink-0 justify-center')}
        >
          <Chevron open={row.open} />
        </button>
      )}
      <div className="min-w-0 flex-1">
        <FileCard layout="row" thumbnailSize="small" {...cardProps(row.file, actions)} />
      </div>
    </div>
  );
}

export function FileTreeView({ tree, shown, actions, revealAll = false }: FileTreeViewProps) {
  const { t } = useTranslation();
  // Keys whose state the visitor flipped from the default, so newly opened archives get the default too.
  const [flipped, setFlipped] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (key: string) =>
      setFlipped((current) => {
        const next = new Set(current);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  const rows = useMemo(
    () => treeRows(tree, shown, (key, defaultOpen) => (revealAll || defaultOpen) !== flipped.has(key)),
    [tree, shown, revealAll, flipped],
  );
  const fileHeight = useGridColumns() > 2 ? FILE_HEIGHT.wide : FILE_HEIGHT.phone;
  const {
    listRef,
    listStyle,
    rows: visible,
    rowProps,
  } = useWindowRows({
    count: rows.length,
    estimateSize: (index) => (rows[index]?.kind === 'file' ? fileHeight : FOLDER_HEIGHT),
    getItemKey: (index) => rows[index]?.key ?? String(index),
  });
  return (
    <ul ref={listRef} style={listStyle} aria-label={t('fileManager.tree.label')}>
      {visible.map(({ index, key, start }) => {
        const row = rows[index];
        if (!row) return null;
        const props = rowProps(index, start);
        return (
          <li
            key={key}
            {...props}
            aria-level={row.depth + 1}
            aria-setsize={row.siblings}
            aria-posinset={row.position}
            className="min-w-0 pb-1"
            // Indentation in the reading direction, with a guide line for nested rows.
            style={{ ...props.style, paddingInlineStart: `${Math.min(row.depth, 12) * 0.75}rem` }}
          >
            <div className={cn('min-w-0', row.depth > 0 && 'border-s border-border ps-2')}>
              <RowContent row={row} actions={actions} toggle={toggle} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
