import { useState } from 'react';
import { cn } from '../../components/ui/cn';
import type { ExtractedFile } from '../file-manager/extracted-file';
import { CATEGORY_STYLES } from './category-style';
import { previewKind } from './preview-rules';
import { useBlobUrl } from './use-blob-url';

export type ThumbnailSize = 'small' | 'medium' | 'large';

/** The thumbnail sides in px of docs/product.md#previews, with matching box classes. */
const SIDE: Record<ThumbnailSize, { px: number; box: string; icon: string }> = {
  large: { px: 64, box: 'size-16', icon: 'size-8' },
  medium: { px: 48, box: 'size-12', icon: 'size-6' },
  small: { px: 32, box: 'size-8', icon: 'size-4' },
};

/** Larger images show the category icon: decoding a huge photo for a 64 px box costs too much memory. */
export const THUMBNAIL_MAX_BYTES = 20 * 1024 * 1024;

/**
 * A raster image's own picture, else its category icon on the category colour. Decorative
 * (`alt=""`, icon hidden): the file name is always shown next to it.
 */
export function Thumbnail({ file, size }: { file: ExtractedFile; size: ThumbnailSize }) {
  const side = SIDE[size];
  const style = CATEGORY_STYLES[file.category];
  const showsImage = previewKind(file) === 'image' && file.size <= THUMBNAIL_MAX_BYTES;
  return (
    <div
      className={cn(
        'relative flex shrink-0 items-center justify-center overflow-hidden rounded-md',
        side.box,
        style.backgroundClass,
      )}
    >
      <style.Icon aria-hidden className={cn(side.icon, style.iconClass)} />
      {showsImage && <ThumbnailImage file={file} side={side.px} />}
    </div>
  );
}

function ThumbnailImage({ file, side }: { file: ExtractedFile; side: number }) {
  const ref = useBlobUrl(file, { lazy: true });
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  // Drawn over the icon, which stays as the placeholder until the picture has decoded and as the
  // fallback when it cannot be decoded (a corrupt or mislabelled file).
  if (state === 'failed') return null;
  return (
    <img
      ref={ref}
      alt=""
      width={side}
      height={side}
      loading="lazy"
      decoding="async"
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
      className={cn('absolute inset-0 size-full bg-card object-cover', state === 'loading' && 'opacity-0')}
    />
  );
}
