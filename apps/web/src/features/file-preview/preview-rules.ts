import type { ExtractedFile } from '../file-manager/extracted-file';

/** How a file can be previewed; `null` = no preview offered. */
export type PreviewKind = 'text' | 'image' | 'audio' | 'video' | 'pdf' | 'hex';

// PLACEHOLDER — replaced by the file-preview helper.
export function previewKind(_file: Pick<ExtractedFile, 'name' | 'mimeType' | 'size'>): PreviewKind | null {
  return null;
}
