// Registers the service worker (dist/sw.js) and offers a new version as "Reload to update": a new
// worker waits until the visitor takes it, then the page reloads once under it. Loaded when the
// page is idle, never on the dev server (which has no sw.js). See
// docs/decisions/033-installable-offline-app.md.
import { Workbox } from 'workbox-window';
import { notify } from '../../components/toast/notify';

// A window left open (an installed app often is) still learns of a new version.
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export interface UpdateStrings {
  ready: string;
  reload: string;
}

export function registerServiceWorker(strings: () => UpdateStrings): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    const { ready, reload } = strings();
    notify.info(ready, {
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: reload,
        onClick: () => {
          workbox.addEventListener('controlling', () => window.location.reload());
          workbox.messageSkipWaiting();
        },
      },
    });
  });
  workbox
    .register()
    .then(() => setInterval(() => void workbox.update(), UPDATE_CHECK_MS))
    .catch((error: unknown) => console.warn('service worker not registered', error));
}
