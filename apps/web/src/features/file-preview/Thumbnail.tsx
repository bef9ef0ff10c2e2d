import type { ExtractedFile } from '../file-manager/extracted-file';

export type ThumbnailSize = 'small' | 'medium' | 'large';

// PLACEHOLDER — replaced by the file-preview helper.
export function Thumbnail(_props: { file: ExtractedFile; size: ThumbnailSize }) {
  return null;
}
