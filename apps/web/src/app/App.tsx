import { ADMIN_PATH, languageByCode } from '@archive-opener/shared';
import { lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Router, Switch, useLocation } from 'wouter';
import { changeLanguageWhenReady } from '../i18n';
import { languageBase, splitLanguagePrefix } from '../i18n/language-path';
import { NotFoundPage } from '../routes/NotFoundPage';
import { Layout } from './Layout';

// Each page is its own chunk: the about page never loads the extractor, the home page never loads
// the about page's text. The prerendered HTML preloads the chunk of the page it shows.
const HomePage = lazy(() => import('../routes/HomePage'));
const AboutPage = lazy(() => import('../routes/AboutPage'));
const PrivacyPage = lazy(() => import('../routes/PrivacyPage'));
const AdminPage = lazy(() => import('../routes/AdminPage'));

/**
 * wouter rather than React Router: the same declarative routes for ~2 KB instead of ~13 KB gzip.
 * `ssrPath` is given by the prerender; in the browser the location is the address bar.
 */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <Router ssrPath={ssrPath}>
      <LanguageRoutes />
    </Router>
  );
}

/**
 * The first path segment names the language; the routes below live under it (`/de/about`), so
 * every internal link carries the prefix without knowing about it. Changing the base keeps the
 * page mounted: switching language never loses the extracted files.
 */
function LanguageRoutes() {
  const [pathname] = useLocation();
  const { code } = splitLanguagePrefix(pathname);
  useLanguageOfPath(code);
  return (
    <Router base={languageBase(code)}>
      <Layout>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/about" component={AboutPage} />
          <Route path="/privacy" component={PrivacyPage} />
          <Route path={ADMIN_PATH} component={AdminPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Layout>
    </Router>
  );
}

/** The path wins: after back/forward to another language's page, the text follows it. */
function useLanguageOfPath(code: string) {
  const { i18n } = useTranslation();
  const tag = languageByCode(code)?.tag;
  useEffect(() => {
    if (tag && i18n.language !== tag) void changeLanguageWhenReady(i18n, tag);
  }, [i18n, tag]);
}
