import type { ExtractedFile } from './extracted-file';
import { cardProps, type FileActions } from './file-actions';
import { FileCard } from './FileCard';

/**
 * Tiles from 2 columns on a phone to 5 on a wide screen. A tile whose preview is open spans the
 * whole row, so the preview is readable rather than squeezed into one column.
 */
export function FileGridView({ files, actions }: { files: readonly ExtractedFile[]; actions: FileActions }) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4 xl:grid-cols-5">
      {files.map((file) => (
        <li key={file.id} className="min-w-0 has-[[data-preview-open]]:col-span-full">
          <FileCard layout="tile" thumbnailSize="large" {...cardProps(file, actions)} />
        </li>
      ))}
    </ul>
  );
}
