import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { LanguageSwitcher } from './LanguageSwitcher';

function renderAt(path: string, base = '') {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <Router base={base}>
        <LanguageSwitcher />
      </Router>
    </Router>,
  );
  return location;
}

describe('LanguageSwitcher', () => {
  it('lists the 14 languages as links to the same page in each, the current one marked', async () => {
    const user = userEvent.setup();
    renderAt('/about');
    const button = screen.getByRole('button', { name: 'Change language, current language: English' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = await screen.findByRole('navigation', { name: 'Language' });
    const links = within(menu).getAllByRole('link');
    expect(links).toHaveLength(14);
    const hrefs = Object.fromEntries(links.map((link) => [link.textContent, link.getAttribute('href')]));
    expect(hrefs).toMatchObject({ English: '/about', Deutsch: '/de/about', العربية: '/ar/about', 日本語: '/jp/about' });
    expect(within(menu).getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('true');
    expect(within(menu).getByRole('link', { name: 'Deutsch' }).getAttribute('hreflang')).toBe('de');
    // Focus moves into the list, on the current language.
    expect(document.activeElement?.textContent).toBe('English');
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.click(screen.getByRole('button', { name: /Change language/ }));
    await screen.findByRole('navigation', { name: 'Language' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Language' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Change language/ }));
  });

  it('choosing the current language only closes the list', async () => {
    const user = userEvent.setup();
    const location = renderAt('/privacy');
    await user.click(screen.getByRole('button', { name: /Change language/ }));
    await user.click(await screen.findByRole('link', { name: 'English' }));
    expect(screen.queryByRole('navigation', { name: 'Language' })).toBeNull();
    expect(location.history).toEqual(['/privacy']);
  });
});
