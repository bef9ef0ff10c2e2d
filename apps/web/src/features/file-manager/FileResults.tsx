import type { ExtractedFile } from './extracted-file';
import type { FileActions } from './file-actions';
import type { ViewMode } from './file-query';
import type { FileTree } from './file-tree';
import { FileGridView } from './FileGridView';
import { FileListView } from './FileListView';
import { FileTreeView } from './FileTreeView';

export interface FileResultsProps {
  /** The filtered, sorted files. */
  files: readonly ExtractedFile[];
  /** The same files' positions in the file manager's list (what the tree view reads). */
  positions: Int32Array;
  /** Every file's folders, built once per list of files (the tree view reads it). */
  tree: () => FileTree;
  /** True when a search or filter left only a few files: the tree opens every folder. */
  fewMatches: boolean;
  view: ViewMode;
  actions: FileActions;
}

/** The chosen view of the filtered, sorted files; each renders only the rows near the viewport. */
export function FileResults({ files, positions, tree, fewMatches, view, actions }: FileResultsProps) {
  if (view === 'tree') return <FileTreeView tree={tree()} shown={positions} actions={actions} revealAll={fewMatches} />;
  const View = view === 'grid' ? FileGridView : FileListView;
  return <View files={files} actions={actions} />;
}
