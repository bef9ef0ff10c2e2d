import type { ExtractedFile } from '../file-manager/extracted-file';
import { ImageView, MediaPlayerView, PdfView } from './MediaView';
import { previewKind } from './preview-rules';
import { HexView, TextView } from './TextView';

/**
 * The preview under a file card, rendered by the file manager only while open. Each view reads or
 * maps the file when it mounts (decoded on first open: docs/product.md#previews) and frees its
 * object URL when it unmounts. Nothing is ever rendered as markup
 * (docs/decisions/006-security-rules-for-all-input.md).
 */
export function FilePreview({ file }: { file: ExtractedFile }) {
  switch (previewKind(file)) {
    case 'text':
      return <TextView file={file} />;
    case 'hex':
      return <HexView file={file} />;
    case 'image':
      return <ImageView file={file} />;
    case 'audio':
      return <MediaPlayerView file={file} kind="audio" />;
    case 'video':
      return <MediaPlayerView file={file} kind="video" />;
    case 'pdf':
      return <PdfView file={file} />;
    case null:
      return null;
  }
}
