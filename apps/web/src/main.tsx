import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { openedWithFiles } from './features/offline-app/open-with-url';
import { whenPageIdle } from './features/telemetry/when-page-idle';
import { currentLanguage, startBrowserI18n } from './i18n';
import { readEmbeddedStrings } from './i18n/embedded-strings';
import { pathInLanguage, splitLanguagePrefix } from './i18n/language-path';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const i18n = await startBrowserI18n(readEmbeddedStrings());
const language = currentLanguage(i18n);

if (
  !splitLanguagePrefix(window.location.pathname).prefixed &&
  language.code !== 'en' &&
  !openedWithFiles(window.location.search)
) {
  // An English address, but the visitor chose (or their browser asks for) another language:
  // go to that language's own prerendered page rather than repaint this one. The query goes along
  // (`?shared=…` names files shared to the installed app) but for `lng`, which has done its work.
  const query = new URLSearchParams(window.location.search);
  query.delete('lng');
  const search = query.toString();
  window.location.replace(
    pathInLanguage(window.location.pathname, language.code) + (search ? `?${search}` : '') + window.location.hash,
  );
} else {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // Prerendered pages are hydrated; the bare shell (dev server, a build without prerender) is rendered.
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
  // The robots.txt / sitemap.xml checks (docs/product.md#monitoring-checks): their code is fetched
  // only once the page is idle.
  whenPageIdle(() => {
    // Offline use and "Reload to update" (docs/decisions/033-installable-offline-app.md).
    if (import.meta.env.PROD) {
      import('./features/offline-app/register-service-worker')
        .then(({ registerServiceWorker }) =>
          registerServiceWorker(() => ({ ready: i18n.t('offline.updateReady'), reload: i18n.t('offline.reload') })),
        )
        .catch((error: unknown) => console.debug('service worker not registered', error));
    }
    import('./features/telemetry/static-file-monitor')
      .then(({ startStaticFileMonitor }) => startStaticFileMonitor())
      .catch((error: unknown) => console.debug('static-file monitor not started', error));
  });
}
