import type { ListedEntry } from '../core/types.js';

export interface LzhLink {
  /** The link's own name, as stored before the `|`. */
  name: string;
  target: string;
}

/**
 * LHA stores a symbolic link as a directory entry named `link|target`; 7-Zip creates that as
 * directories. Recognising the convention lets us report the link (never create it).
 */
export function lzhLinks(format: string, entries: readonly ListedEntry[]): LzhLink[] {
  if (format.toLowerCase() !== 'lzh') return [];
  return entries
    .filter((e) => e.name.includes('|'))
    .map((e) => {
      const bar = e.name.indexOf('|');
      return { name: e.name.slice(0, bar), target: e.name.slice(bar + 1) };
    })
    .filter((link) => link.name !== '' && link.target !== '');
}

/** Whether 7-Zip's staged path is a directory it made out of such a link name. */
export function isLzhLinkArtefact(stagedPath: string, links: readonly LzhLink[]): boolean {
  return links.some((link) => stagedPath.startsWith(`${link.name}|`));
}
