/**
 * The page's checks of robots.txt and sitemap.xml (spec section 7, calls 7 and 8; DECISIONS.md
 * section 7): on load and on every back/forward navigation each file is fetched and the result
 * reported to POST /api/monitor-static-files, where the admin sees it; at start both are also
 * asked for with HEAD, only logged. The reports are operational and sent whatever the browser's
 * Do Not Track setting: the server keeps no visitor hash when the request signals it. Loaded on
 * demand once the page is idle (main.tsx), so none of it weighs on the first load.
 */
import { isXmlContentType, MONITORED_FILES, type MonitoredFile } from '@archive-opener/shared';
import type { StaticFileCheck } from '@archive-opener/shared/api';

export const STATIC_FILE_REPORT_URL = '/api/monitor-static-files';

// The schema's limits (staticFileCheckSchema).
const MAX = { userAgent: 512, referrer: 2048, statusText: 200, contentType: 200, error: 500 } as const;

const cut = (text: string, length: number) => text.slice(0, length);

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

/** Call 7: checks both files and reports each result. */
export async function checkAndReportStaticFiles(): Promise<void> {
  await Promise.all(MONITORED_FILES.map(async (path) => report(await checkStaticFile(path))));
}

/** Call 8: HEAD both files, logged only. */
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
