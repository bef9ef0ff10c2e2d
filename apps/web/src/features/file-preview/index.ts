// The file-preview feature's public surface, used by the file manager. (Contract: the helper
// building this feature replaces the placeholders behind these exports.)
export { Thumbnail, type ThumbnailSize } from './Thumbnail';
export { ChecksumLine } from './ChecksumLine';
export { FilePreview } from './FilePreview';
export { previewKind, type PreviewKind } from './preview-rules';
export { CATEGORY_STYLES, type CategoryStyle } from './category-style';
