import type { ExtractedFile } from '../file-manager/extracted-file';

// PLACEHOLDER — replaced by the file-preview helper.
export function FilePreview(_props: { file: ExtractedFile }) {
  return null;
}
