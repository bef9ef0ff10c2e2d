import type { ExtractedFile } from './extracted-file';
import type { FileCardProps } from './FileCard';

/** What every view needs to render its cards, bundled so list, grid and tree take one prop. */
export interface FileActions {
  selectedIds: ReadonlySet<string>;
  onSelectedChange: (file: ExtractedFile, selected: boolean) => void;
  onDownload: (file: ExtractedFile) => void;
  onOpenArchive?: ((file: ExtractedFile) => void) | undefined;
  openingIds: ReadonlySet<string>;
  openedIds: ReadonlySet<string>;
}

export function cardProps(file: ExtractedFile, actions: FileActions): Omit<FileCardProps, 'layout' | 'thumbnailSize'> {
  return {
    file,
    selected: actions.selectedIds.has(file.id),
    onSelectedChange: actions.onSelectedChange,
    onDownload: actions.onDownload,
    onOpenArchive: actions.onOpenArchive,
    opening: actions.openingIds.has(file.id),
    opened: actions.openedIds.has(file.id),
  };
}
