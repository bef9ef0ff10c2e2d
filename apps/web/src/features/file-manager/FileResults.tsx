import { useState } from 'react';
import type { ExtractedFile } from './extracted-file';
import type { FileActions } from './file-actions';
import type { ViewMode } from './file-query';
import { FileGridView } from './FileGridView';
import { FileListView } from './FileListView';
import { FileTreeView } from './FileTreeView';
import { PAGE_SIZE } from './page-size';
import { ShowMoreButton } from './ShowMoreButton';

export interface FileResultsProps {
  files: readonly ExtractedFile[];
  view: ViewMode;
  actions: FileActions;
}

/**
 * The chosen view of the filtered, sorted files. List and grid show PAGE_SIZE cards and then a
 * 'Show more' button; the tree pages each folder itself. The file manager gives this component a
 * new key when the query changes, so a new search starts again at the first page.
 */
export function FileResults({ files, view, actions }: FileResultsProps) {
  const [limit, setLimit] = useState(PAGE_SIZE);
  if (view === 'tree') return <FileTreeView files={files} actions={actions} />;
  const View = view === 'grid' ? FileGridView : FileListView;
  return (
    <>
      <View files={files.slice(0, limit)} actions={actions} />
      <ShowMoreButton remaining={files.length - limit} onClick={() => setLimit((current) => current + PAGE_SIZE)} />
    </>
  );
}
