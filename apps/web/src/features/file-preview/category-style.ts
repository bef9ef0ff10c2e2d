import type { CategoryId } from '@archive-opener/shared';
import { File, type LucideIcon } from 'lucide-react';

export interface CategoryStyle {
  Icon: LucideIcon;
  /** Tailwind classes for the icon's colour and its tile/thumbnail background, light and dark. */
  iconClass: string;
  backgroundClass: string;
}

// PLACEHOLDER — replaced by the file-preview helper.
export const CATEGORY_STYLES: Record<CategoryId, CategoryStyle> = {
  images: { Icon: File, iconClass: '', backgroundClass: '' },
  documents: { Icon: File, iconClass: '', backgroundClass: '' },
  videos: { Icon: File, iconClass: '', backgroundClass: '' },
  audio: { Icon: File, iconClass: '', backgroundClass: '' },
  archives: { Icon: File, iconClass: '', backgroundClass: '' },
  code: { Icon: File, iconClass: '', backgroundClass: '' },
  other: { Icon: File, iconClass: '', backgroundClass: '' },
};
