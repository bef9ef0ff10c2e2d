import type { CategoryId } from '@archive-opener/shared';
import { Code, File, FileArchive, FileText, Image, Music, Video, type LucideIcon } from 'lucide-react';

export interface CategoryStyle {
  Icon: LucideIcon;
  /** Tailwind classes for the icon's colour and its tile/thumbnail background, light and dark. */
  iconClass: string;
  backgroundClass: string;
}

// Icons and colours of the category table of docs/product.md#file-categories. Light shades (600/700) and dark
// shades (400) keep icons above WCAG's 3:1 non-text contrast on the card and on their tile; the
// tile is a low-alpha wash of the same hue, so one class works on both themes.
export const CATEGORY_STYLES: Record<CategoryId, CategoryStyle> = {
  images: { Icon: Image, iconClass: 'text-blue-600 dark:text-blue-400', backgroundClass: 'bg-blue-500/10' },
  documents: { Icon: FileText, iconClass: 'text-green-700 dark:text-green-400', backgroundClass: 'bg-green-500/10' },
  videos: { Icon: Video, iconClass: 'text-purple-600 dark:text-purple-400', backgroundClass: 'bg-purple-500/10' },
  audio: { Icon: Music, iconClass: 'text-pink-600 dark:text-pink-400', backgroundClass: 'bg-pink-500/10' },
  archives: { Icon: FileArchive, iconClass: 'text-orange-700 dark:text-orange-400', backgroundClass: 'bg-orange-500/10' },
  code: { Icon: Code, iconClass: 'text-indigo-600 dark:text-indigo-400', backgroundClass: 'bg-indigo-500/10' },
  other: { Icon: File, iconClass: 'text-gray-600 dark:text-gray-400', backgroundClass: 'bg-gray-500/10' },
};
