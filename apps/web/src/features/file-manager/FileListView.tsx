import type { ExtractedFile } from './extracted-file';
import { cardProps, type FileActions } from './file-actions';
import { FileCard } from './FileCard';
import { useGridColumns } from './use-grid-columns';
import { useWindowRows } from './use-window-rows';

/**
 * A row card's height with its checksum line (measured in Chromium; on a phone its actions wrap
 * below the name, and its date has a line of its own). Close estimates matter: each row measured
 * to another height makes the virtualiser recompute every later row's offset.
 */
const ROW_HEIGHT = { phone: 198, wide: 134 };

/** The default view: one wide card per line, only the lines near the viewport rendered. */
export function FileListView({ files, actions }: { files: readonly ExtractedFile[]; actions: FileActions }) {
  const rowHeight = useGridColumns() > 2 ? ROW_HEIGHT.wide : ROW_HEIGHT.phone;
  const { listRef, listStyle, rows, rowProps } = useWindowRows({
    count: files.length,
    estimateSize: () => rowHeight,
    getItemKey: (index) => files[index]?.id ?? String(index),
  });
  return (
    <ul ref={listRef} style={listStyle}>
      {rows.map(({ index, key, start }) => {
        const file = files[index];
        if (!file) return null;
        return (
          <li
            key={key}
            {...rowProps(index, start)}
            aria-setsize={files.length}
            aria-posinset={index + 1}
            className="min-w-0 pb-2"
          >
            <FileCard layout="row" thumbnailSize="medium" {...cardProps(file, actions)} />
          </li>
        );
      })}
    </ul>
  );
}
