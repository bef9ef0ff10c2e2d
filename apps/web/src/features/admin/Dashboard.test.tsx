import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from './render-admin';
import { fakeAdminServer } from './test-admin-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function section(name: string) {
  return screen.findByRole('region', { name });
}

describe('admin dashboard', () => {
  it('shows the statistics in the page’s number format', async () => {
    fakeAdminServer({ loggedIn: true });
    renderAdmin();
    const stats = await section('Statistics');
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;
    expect(value('Total extractions')).toBe('12,847');
    expect(value("Today's extractions")).toBe('156');
    expect(value('Success rate')).toBe('99.2%');
    expect(value('Visitors in the last 24 hours')).toBe('342');
  });

  it('lists the recent activity with readable modes, size steps, outcomes and durations', async () => {
    const { requests } = fakeAdminServer({ loggedIn: true });
    renderAdmin();
    const table = within(await screen.findByRole('region', { name: 'Recent extractions, scrollable' })).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!)).toEqual(['2 minutes ago', 'Browser', 'zip', '1–10 MB', 'Success', '1.8 s']);
    expect(cells(rows[1]!)).toEqual(['15 minutes ago', 'Server', 'rar', '< 1 MB', 'FailureError code: WRONG_PASSWORD', '420 ms']);
    expect(cells(rows[2]!)).toEqual(['2 hours ago', 'API', '—', '—', 'Cancelled', '—']);
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(requests.some((request) => request.path === `/api/admin/dashboard?tz=${encodeURIComponent(timeZone)}`)).toBe(true);
  });

  it('shows the system status and the latest checks of the search-engine files', async () => {
    fakeAdminServer({ loggedIn: true });
    renderAdmin();
    const status = await section('System status');
    const value = (label: string) => within(status).getByText(label).nextElementSibling?.textContent;
    expect(value('Database')).toBe('OKPGlite, 3 ms');
    expect(value('Queue depth')).toBe('4');
    expect(value('Running jobs')).toBe('2');
    expect(value('Workers')).toBe('2 of 2 busy');
    expect(value('Storage used')).toBe('5.0 MB');
    expect(value('Uptime')).toBe('3 d 4 h');
    expect(value('Memory')).toBe('RSS 120.0 MB, heap 48.0 MB');
    expect(value('Version')).toBe('0.1.0 (Node.js v22.12.0)');
    const robots = within(status).getByText('/robots.txt').closest('li')!;
    expect(within(robots).getByText('No check yet')).toBeTruthy();
    const sitemap = within(status).getByText('/sitemap.xml').closest('li')!;
    expect(within(sitemap).getByText('Warning')).toBeTruthy();
    expect(within(sitemap).getByText('HTTP 200, text/html')).toBeTruthy();
    expect(within(sitemap).getByText('Checked 5 minutes ago')).toBeTruthy();
  });

  it('shows the contact messages newest first in a labelled, focusable scroll area', async () => {
    fakeAdminServer({ loggedIn: true });
    renderAdmin();
    const messages = await section('Contact messages');
    expect(await within(messages).findByText('1 unread')).toBeTruthy();
    const list = within(messages).getByRole('region', { name: 'Contact messages, newest first' });
    expect(list.tabIndex).toBe(0);
    expect(list.className).toContain('max-h-96');
    const item = within(list).getByRole('article', { name: 'Ada Lovelace' });
    expect(within(item).getByText('New')).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe('mailto:ada@example.com');
    expect(within(item).getByText('Hello,\nthe site is great.', { normalizer: (text) => text })).toBeTruthy();
  });

  it('says so when there are no messages', async () => {
    fakeAdminServer({ loggedIn: true, messages: [] });
    renderAdmin();
    const messages = await section('Contact messages');
    expect(await within(messages).findByText('No messages yet')).toBeTruthy();
    await waitFor(() => expect(within(messages).queryByText(/unread/)).toBeNull());
  });
});
