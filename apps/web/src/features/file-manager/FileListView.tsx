import type { ExtractedFile } from './extracted-file';
import { cardProps, type FileActions } from './file-actions';
import { FileCard } from './FileCard';

/** The default view: one wide card per line. */
export function FileListView({ files, actions }: { files: readonly ExtractedFile[]; actions: FileActions }) {
  return (
    <ul className="flex flex-col gap-2">
      {files.map((file) => (
        <li key={file.id} className="min-w-0">
          <FileCard layout="row" thumbnailSize="medium" {...cardProps(file, actions)} />
        </li>
      ))}
    </ul>
  );
}
