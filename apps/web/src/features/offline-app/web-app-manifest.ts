// The web app manifest, one per language (`/manifests/<code>.webmanifest`, written by
// scripts/write-web-manifests.ts and linked by each language's pages): the name and description in
// the page's language, its home page as start_url, one shared `id` so that every language
// installs the same app. See docs/decisions/033-installable-offline-app.md.
import { localizedPath, type SiteLanguage } from '@archive-opener/shared';
import { APP_ICONS } from './app-icons';
import { archiveAccept } from './archive-file-types';
import { OPEN_WITH_PARAM } from './open-with-url';
import { SHARE_TARGET_SUFFIX, SHARED_FILES_FIELD } from './share-target-contract';

/** The page colours (styles/index.css `--background`): the window's title bar and splash screen. */
export const THEME_COLORS = { light: '#f8fafc', dark: '#0b1020' } as const;

export function webManifestPath(code: string): string {
  return `/manifests/${code}.webmanifest`;
}

export interface ManifestStrings {
  name: string;
  description: string;
}

export function webAppManifest(language: SiteLanguage, strings: ManifestStrings) {
  const home = localizedPath('/', language.code);
  const prefix = home === '/' ? '' : home;
  const accept = archiveAccept();
  return {
    id: '/',
    name: strings.name,
    short_name: strings.name,
    description: strings.description,
    lang: language.tag,
    dir: language.dir,
    start_url: home,
    scope: '/',
    display: 'standalone',
    // The site opens dark (index.html); the pages' theme-color follows the system's scheme.
    background_color: THEME_COLORS.dark,
    theme_color: THEME_COLORS.dark,
    categories: ['utilities', 'productivity'],
    icons: APP_ICONS.map((icon) => ({
      src: icon.src,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.maskable ? 'maskable' : 'any',
    })),
    // Several files opened at once reach one window, as one batch (see launch-queue.ts).
    file_handlers: [{ action: `${home}?${OPEN_WITH_PARAM}`, accept, launch_type: 'single-client' }],
    share_target: {
      action: `${prefix}${SHARE_TARGET_SUFFIX}`,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: {
        files: [
          {
            name: SHARED_FILES_FIELD,
            accept: [...Object.keys(accept), ...Object.values(accept).flat(), 'application/octet-stream'],
          },
        ],
      },
    },
  };
}

export type WebAppManifest = ReturnType<typeof webAppManifest>;
