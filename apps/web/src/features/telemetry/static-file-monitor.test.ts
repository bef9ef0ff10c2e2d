import { isXmlContentType, MONITORED_FILES } from '@archive-opener/shared';
import { staticFileCheckSchema } from '@archive-opener/shared/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATIC_FILE_REPORT_URL, startStaticFileMonitor } from './static-file-monitor';

type Answer = Response | Error;

/** A server answering the two files (as given per test) and accepting every report. */
function stubServer(answers: Partial<Record<string, () => Answer>> = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchSpy = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    if (url === STATIC_FILE_REPORT_URL) return new Response(null, { status: 204 });
    const answer =
      answers[url]?.() ??
      new Response('x', {
        status: 200,
        headers: { 'content-type': url === '/sitemap.xml' ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8' },
      });
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal('fetch', fetchSpy);
  const reports = () =>
    calls
      .filter(({ url }) => url === STATIC_FILE_REPORT_URL)
      .map(({ init }) => {
        expect(init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } });
        const body: unknown = JSON.parse(init.body as string);
        expect(staticFileCheckSchema.parse(body)).toEqual(body);
        return body as { path: string; userAgent: string };
      })
      .sort((a, b) => a.path.localeCompare(b.path));
  const requests = (method: string) => calls.filter(({ url, init }) => url !== STATIC_FILE_REPORT_URL && init.method === method);
  return { reports, requests };
}

describe('static-file monitor', () => {
  let stop = () => undefined as void;
  const debug = vi.spyOn(console, 'debug');
  const warn = vi.spyOn(console, 'warn');

  beforeEach(() => {
    debug.mockImplementation(() => undefined);
    warn.mockImplementation(() => undefined);
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
    sessionStorage.clear();
    debug.mockReset();
    warn.mockReset();
  });

  it('checks robots.txt and sitemap.xml at start and reports both, and HEADs both (logged only)', async () => {
    const server = stubServer();
    stop = startStaticFileMonitor();
    await vi.waitFor(() => expect(server.reports()).toHaveLength(2));
    const userAgent = navigator.userAgent;
    expect(server.reports()).toEqual([
      {
        path: '/robots.txt',
        method: 'GET',
        userAgent,
        referrer: document.referrer,
        success: true,
        status: 200,
        statusText: '',
        contentType: 'text/plain; charset=utf-8',
        error: null,
      },
      {
        path: '/sitemap.xml',
        method: 'GET',
        userAgent,
        referrer: document.referrer,
        success: true,
        status: 200,
        statusText: '',
        contentType: 'application/xml; charset=utf-8',
        error: null,
      },
    ]);
    expect(server.requests('GET').map(({ url, init }) => [url, init.cache])).toEqual([
      ['/robots.txt', 'no-store'],
      ['/sitemap.xml', 'no-store'],
    ]);
    await vi.waitFor(() => expect(debug).toHaveBeenCalledTimes(2));
    expect(server.requests('HEAD').map(({ url }) => url)).toEqual([...MONITORED_FILES]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('checks each file at most once per tab session and hour: not again on back/forward or reload', async () => {
    const server = stubServer();
    stop = startStaticFileMonitor();
    await vi.waitFor(() => expect(server.reports()).toHaveLength(2));
    window.dispatchEvent(new PopStateEvent('popstate'));
    stop();
    // The same tab loads another page (or reloads): sessionStorage remembers the reports.
    stop = startStaticFileMonitor();
    window.dispatchEvent(new PopStateEvent('popstate'));
    await vi.waitFor(() => expect(server.requests('HEAD')).toHaveLength(4));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.reports()).toHaveLength(2);
    expect(server.requests('GET')).toHaveLength(2);
  });

  it('checks again after an hour in the same tab, on the next back/forward navigation', async () => {
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(Date.UTC(2026, 0, 1, 9, 0));
    try {
      const server = stubServer();
      stop = startStaticFileMonitor();
      await vi.waitFor(() => expect(server.reports()).toHaveLength(2));
      now.mockReturnValue(Date.UTC(2026, 0, 1, 9, 59));
      window.dispatchEvent(new PopStateEvent('popstate'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(server.reports()).toHaveLength(2);
      now.mockReturnValue(Date.UTC(2026, 0, 1, 10, 1));
      window.dispatchEvent(new PopStateEvent('popstate'));
      await vi.waitFor(() => expect(server.reports()).toHaveLength(4));
      stop();
      window.dispatchEvent(new PopStateEvent('popstate'));
      now.mockReturnValue(Date.UTC(2026, 0, 1, 12, 0));
      window.dispatchEvent(new PopStateEvent('popstate'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(server.reports()).toHaveLength(4);
    } finally {
      now.mockRestore();
    }
  });

  it('still reports once per page when the browser keeps no sessionStorage', async () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    // A module of its own: what it remembers in the page's memory must not reach the other tests.
    vi.resetModules();
    const monitor = await import('./static-file-monitor');
    const server = stubServer();
    stop = monitor.startStaticFileMonitor();
    await vi.waitFor(() => expect(server.reports()).toHaveLength(2));
    window.dispatchEvent(new PopStateEvent('popstate'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.reports()).toHaveLength(2);
  });

  it('reports a network error with status 0 and the error text', async () => {
    const server = stubServer({ '/robots.txt': () => new TypeError('Failed to fetch') });
    stop = startStaticFileMonitor();
    await vi.waitFor(() => expect(server.reports()).toHaveLength(2));
    expect(server.reports()[0]).toMatchObject({
      path: '/robots.txt',
      success: false,
      status: 0,
      statusText: '',
      contentType: '',
      error: 'Failed to fetch',
    });
  });

  it('reports a missing file with its status', async () => {
    const server = stubServer({
      '/sitemap.xml': () => new Response('', { status: 404, statusText: 'Not Found', headers: { 'content-type': 'text/html' } }),
    });
    stop = startStaticFileMonitor();
    await vi.waitFor(() => expect(server.reports()).toHaveLength(2));
    expect(server.reports()[1]).toMatchObject({
      path: '/sitemap.xml',
      success: false,
      status: 404,
      statusText: 'Not Found',
      error: null,
    });
  });

  it('warns in the console when the sitemap is not served as XML', async () => {
    expect(isXmlContentType('text/html')).toBe(false);
    const server = stubServer({
      '/sitemap.xml': () => new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    });
    stop = startStaticFileMonitor();
    await vi.waitFor(() => expect(server.reports()).toHaveLength(2));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/sitemap.xml'));
    expect(server.reports()[1]).toMatchObject({ success: true, contentType: 'text/html' });
  });

  it('cuts a long browser identification to what the report accepts', async () => {
    vi.stubGlobal('navigator', { userAgent: 'A'.repeat(600) });
    const server = stubServer();
    stop = startStaticFileMonitor();
    await vi.waitFor(() => expect(server.reports()).toHaveLength(2));
    expect(server.reports().map((report) => report.userAgent.length)).toEqual([512, 512]);
  });

  it('swallows a failed report', async () => {
    const fetchSpy = vi.fn(async (url: string) => {
      if (url === STATIC_FILE_REPORT_URL) throw new TypeError('Failed to fetch');
      return new Response('x', { status: 200, headers: { 'content-type': 'application/xml' } });
    });
    vi.stubGlobal('fetch', fetchSpy);
    stop = startStaticFileMonitor();
    await vi.waitFor(() => expect(debug).toHaveBeenCalledWith('static-file report not sent', expect.any(TypeError)));
  });
});
