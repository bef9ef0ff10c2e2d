import type { ExtractedFile } from './extracted-file';
import { cardProps, type FileActions } from './file-actions';
import { FileCard } from './FileCard';
import { useGridColumns } from './use-grid-columns';
import { useWindowRows } from './use-window-rows';

/** A row of tiles' height (measured in Chromium, the date on a line of its own), used until each row is measured. */
const ROW_HEIGHT = 282;

/**
 * Tiles from 2 columns on a phone to 5 on a wide screen, rendered a row at a time near the
 * viewport. A tile whose preview is open spans the whole row, so the preview is readable rather
 * than squeezed into one column. The row wrappers are presentational: the list's items are the tiles.
 */
export function FileGridView({ files, actions }: { files: readonly ExtractedFile[]; actions: FileActions }) {
  const columns = useGridColumns();
  const { listRef, listStyle, rows, rowProps } = useWindowRows({
    count: Math.ceil(files.length / columns),
    estimateSize: () => ROW_HEIGHT,
    // Rows are positions (their tiles change with the column count): keyed by index, which spares
    // the virtualiser a new string per row each time it lays out 20,000 rows.
    getItemKey: (index) => index,
  });
  return (
    <div role="list" ref={listRef} style={listStyle}>
      {rows.map(({ index, key, start }) => {
        const row = rowProps(index, start);
        return (
          <div
            key={key}
            role="none"
            {...row}
            className="grid gap-2 pb-2 sm:gap-3 sm:pb-3"
            style={{ ...row.style, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          >
            {files.slice(index * columns, (index + 1) * columns).map((file, column) => (
              <div
                key={file.id}
                role="listitem"
                aria-setsize={files.length}
                aria-posinset={index * columns + column + 1}
                className="min-w-0 has-[[data-preview-open]]:col-span-full"
              >
                <FileCard layout="tile" thumbnailSize="large" {...cardProps(file, actions)} />
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
