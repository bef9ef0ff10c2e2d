// The site's service worker (bundled and filled with its precache list by
// scripts/build-service-worker.ts; why and what it caches: docs/decisions/033-installable-offline-app.md).
// Workbox does the caching: the app shell, every prerendered page, the engine's chunks and
// 7zz.wasm are precached, so that after one visit the site loads and extracts offline.
import { clientsClaim } from 'workbox-core';
import { addPlugins, cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { receiveSharedFiles } from './receive-shared-files';
import { SHARE_TARGET_SUFFIX } from '../src/features/offline-app/share-target-contract';
import { ARCHIVE_WORK_CHANNEL } from '../src/features/offline-app/archive-work-contract';
import { PrecachePause } from '../src/features/offline-app/precache-pause';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// A new version waits until the page asks it to take over ("Reload to update"): a page never runs
// half on old chunks and half on new ones. The first version takes the open page at once.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

// Caches of earlier Workbox versions' formats; the current precache drops files no longer listed
// by itself when a new version activates.
cleanupOutdatedCaches();

// The install's requests wait while a page lists or extracts an archive: on a first visit the
// precache (~260 files) otherwise ran beside the visitor's first extraction, on the same cores
// (docs/decisions/041-precache-waits-for-archive-work.md). A page's own requests never wait.
// Where a worker has no BroadcastChannel (Safari before 15.4) the precache runs as before.
if (typeof BroadcastChannel === 'function') addPlugins([new PrecachePause(new BroadcastChannel(ARCHIVE_WORK_CHANNEL)).plugin()]);

precacheAndRoute(self.__WB_MANIFEST, {
  // `/de/` is another spelling of `/de` (the server redirects it): the same precached page. Query
  // strings never choose a different page or asset (`/?shared=…` is the home page).
  ignoreURLParametersMatching: [/.*/],
  urlManipulation: ({ url }) =>
    url.pathname.length > 1 && url.pathname.endsWith('/') ? [new URL(url.pathname.slice(0, -1), url)] : [],
});

// Archives shared to the installed app arrive as a POST (the manifest's share_target).
registerRoute(
  ({ url, request }) =>
    request.method === 'POST' && url.origin === self.location.origin && url.pathname.endsWith(SHARE_TARGET_SUFFIX),
  receiveSharedFiles,
  'POST',
);
