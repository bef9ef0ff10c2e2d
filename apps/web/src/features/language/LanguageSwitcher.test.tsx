import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
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
  afterEach(() => localStorage.clear());

  it('lists the 14 languages as links to the same page in each, the current one marked', async () => {
    const user = userEvent.setup();
    renderAt('/about');
    const button = screen.getByRole('button', { name: 'Change language, current language: English' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = await screen.findByRole('menu', { name: 'Language' });
    const links = within(menu).getAllByRole('menuitem');
    expect(links).toHaveLength(14);
    const hrefs = Object.fromEntries(links.map((link) => [link.textContent, link.getAttribute('href')]));
    expect(hrefs).toMatchObject({ English: '/about', Deutsch: '/de/about', العربية: '/ar/about', 日本語: '/jp/about' });
    expect(within(menu).getByRole('menuitem', { name: 'English' }).getAttribute('aria-current')).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: 'Deutsch' }).getAttribute('hreflang')).toBe('de');
    // Focus moves into the list, on the current language.
    expect(document.activeElement?.textContent).toBe('English');
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.click(screen.getByRole('button', { name: /Change language/ }));
    await screen.findByRole('menu', { name: 'Language' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu', { name: 'Language' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Change language/ }));
  });

  it('choosing the current language only closes the list', async () => {
    const user = userEvent.setup();
    const location = renderAt('/privacy');
    await user.click(screen.getByRole('button', { name: /Change language/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(screen.queryByRole('menu', { name: 'Language' })).toBeNull();
    expect(location.history).toEqual(['/privacy']);
  });

  it('moves through the languages with the arrow keys, Home and End (the menu button pattern)', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const button = screen.getByRole('button', { name: /Change language/ });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    button.focus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('menu', { name: 'Language' });
    expect(document.activeElement?.textContent).toBe('English');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Español');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('العربية');
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('English');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('العربية');
  });

  it('closes when focus tabs away', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Router hook={memoryLocation({ path: '/' }).hook}>
          <LanguageSwitcher />
        </Router>
        <button type="button">After</button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: /Change language/ }));
    await screen.findByRole('menu', { name: 'Language' });
    await user.tab();
    expect(screen.queryByRole('menu', { name: 'Language' })).toBeNull();
    expect(screen.getByRole('button', { name: /Change language/ }).getAttribute('aria-expanded')).toBe('false');
  });

  it('stores the language chosen in the menu (and only then), for the next visit to /', async () => {
    const user = userEvent.setup();
    renderAt('/');
    expect(localStorage.getItem('i18nextLng')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Change language/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(localStorage.getItem('i18nextLng')).toBe('en');
  });
});
