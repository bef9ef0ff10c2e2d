/**
 * The page's checks of robots.txt and sitemap.xml: on load and on back/forward navigation each
 * file is fetched and the result reported to POST /api/monitor-static-files, where the admin sees
 * it; at start both are also asked for with HEAD, only logged. One report per file per tab and
 * hour is enough to see a file go missing, so a tab checks a file again only an hour after its
 * last report (remembered in sessionStorage, across reloads and pages of the tab): an office
 * behind one address opening hundreds of pages then sends a few reports, not hundreds. The
 * reports are operational and sent whatever the browser's Do Not Track setting: the server keeps
 * no visitor hash when the request signals it. Loaded on demand once the page is idle (main.tsx),
 * so none of it weighs on the first load.
 */
import { isXmlContentType, MONITORED_FILES, type MonitoredFile } from '@archive-opener/shared';
import type { StaticFileCheck } from '@archive-opener/shared/api';

export const STATIC_FILE_REPORT_URL = '/api/monitor-static-files';

// The schema's limits (staticFileCheckSchema).
const MAX = { userAgent: 512, referrer: 2048, statusText: 200, contentType: 200, error: 500 } as const;

const cut = (text: string, length: number) => text.slice(0, length);

/** A tab reports each file again only this long after its last report. */
export const REPORT_INTERVAL_MS = 60 * 60_000;
const REPORTED_KEY = (path: MonitoredFile) => `archive-opener:static-file-reported:${path}`;
// Where sessionStorage is refused (storage blocked), the page's own memory: one report per page load.
const reportedInPage = new Map<MonitoredFile, number>();

function lastReport(path: MonitoredFile): number | undefined {
  try {
    const stored = Number(sessionStorage.getItem(REPORTED_KEY(path)) ?? Number.NaN);
    if (Number.isFinite(stored)) return stored;
  } catch {
    // Storage blocked: the page's memory below.
  }
  return reportedInPage.get(path);
}

function markReported(path: MonitoredFile, at: number): void {
  try {
    sessionStorage.setItem(REPORTED_KEY(path), String(at));
  } catch {
    // Storage blocked or full: the page's memory holds it.
    reportedInPage.set(path, at);
  }
}

/** Whether this tab should check `path` now; if so it is marked as reported from now on. */
function claimReport(path: MonitoredFile): boolean {
  const now = Date.now();
  const last = lastReport(path);
  // A time in the future (the clock was set back) counts as long ago.
  if (last !== undefined && last <= now && now - last < REPORT_INTERVAL_MS) return false;
  markReported(path, now);
  return true;
}

/** GETs one file and describes the answer, or the network error (status 0), as a report. */
export async function checkStaticFile(path: MonitoredFile): Promise<StaticFileCheck> {
  const visit = {
    path,
    method: 'GET' as const,
    userAgent: cut(navigator.userAgent, MAX.userAgent),
    referrer: cut(document.referrer, MAX.referrer),
  };
  try {
    const response = await fetch(path, { method: 'GET', cache: 'no-store' });
    // Only the answer's head matters: the body is not downloaded.
    response.body?.cancel().catch(() => undefined);
    const contentType = response.headers.get('content-type') ?? '';
    if (path === '/sitemap.xml' && response.ok && !isXmlContentType(contentType))
      console.warn(`${path} is served as "${contentType}", not as XML`);
    return {
      ...visit,
      success: response.ok,
      status: response.status,
      statusText: cut(response.statusText, MAX.statusText),
      contentType: cut(contentType, MAX.contentType),
      error: null,
    };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    console.warn(`${path} could not be fetched`, error);
    return {
      ...visit,
      success: false,
      status: 0,
      statusText: '',
      contentType: '',
      error: cut(text, MAX.error) || 'Network error',
    };
  }
}

async function report(check: StaticFileCheck): Promise<void> {
  try {
    await fetch(STATIC_FILE_REPORT_URL, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(check),
    });
  } catch (error) {
    // Monitoring must never bother the visitor.
    console.debug('static-file report not sent', error);
  }
}

/** Checks and reports each file this tab has not reported within REPORT_INTERVAL_MS. */
export async function checkAndReportStaticFiles(): Promise<void> {
  await Promise.all(MONITORED_FILES.filter(claimReport).map(async (path) => report(await checkStaticFile(path))));
}

/** HEAD both files, logged only. */
async function probeStaticFiles(): Promise<void> {
  await Promise.all(
    MONITORED_FILES.map(async (path) => {
      try {
        const response = await fetch(path, { method: 'HEAD', cache: 'no-store' });
        console.debug(`HEAD ${path}: ${response.status} ${response.headers.get('content-type') ?? ''}`);
      } catch (error) {
        console.debug(`HEAD ${path} failed`, error);
      }
    }),
  );
}

/** Starts the checks: at once, then on every back/forward navigation. Returns a stop function. */
export function startStaticFileMonitor(): () => void {
  // Never during prerendering, where there is no browser to check from.
  if (typeof window === 'undefined') return () => undefined;
  const check = () => void checkAndReportStaticFiles();
  void probeStaticFiles();
  check();
  window.addEventListener('popstate', check);
  return () => window.removeEventListener('popstate', check);
}
