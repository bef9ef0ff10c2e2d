import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeFile, makeFiles } from '../file-manager/test-files';
import type { ArchiveFacts } from './archive-facts';
import { SafetySummary } from './SafetySummary';

const facts = (over: Partial<ArchiveFacts> = {}): ArchiveFacts => ({
  archiveName: 'a.zip',
  archiveBytes: 1024,
  outputBytes: 2048,
  renamed: [],
  links: [],
  encrypted: false,
  ...over,
});

/** The text without the isolates that keep each name's direction its own. */
const plain = (element: HTMLElement) => (element.textContent ?? '').replace(/[\u2066-\u2069]/g, '');

describe('SafetySummary', () => {
  it('is not shown for a plain archive', () => {
    const { container } = render(<SafetySummary facts={[facts()]} files={makeFiles('readme.txt')} />);
    expect(container.innerHTML).toBe('');
  });

  it('lists what was made safe under a heading that folds it, with each group a list', async () => {
    const user = userEvent.setup();
    render(
      <SafetySummary
        facts={[
          facts({
            renamed: [{ from: 'x\u202egpj.exe', to: 'x_gpj.exe' }],
            links: [{ path: 'etc-link', target: '/etc/passwd' }],
          }),
        ]}
        files={[makeFile('x_gpj.exe'), makeFile('invoice.pdf.exe')]}
      />,
    );
    const toggle = screen.getByRole('button', { name: /Safety report/ });
    expect(screen.getByRole('heading', { level: 3, name: /Safety report/ })).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const renamed = screen.getByRole('list', { name: 'Names made safe (1)' });
    // The hidden control is written out, never performed; each name is isolated in the sentence.
    expect(within(renamed).getByRole('listitem').textContent).toBe(
      '\u2068x⟨U+202E⟩gpj.exe\u2069 became \u2068x_gpj.exe\u2069 (hid its real extension with direction controls)',
    );
    expect(plain(within(screen.getByRole('list', { name: 'Links not created (1)' })).getByRole('listitem'))).toBe(
      'etc-link pointed to /etc/passwd',
    );
    const risky = within(screen.getByRole('list', { name: 'Programs and scripts (2)' })).getAllByRole('listitem');
    expect(risky.map(plain)).toEqual(['x_gpj.exe', 'invoice.pdf.exe: a program named to look like a .pdf file']);
    expect(screen.getByText('Expansion: 2× (2.0 KB from 1.0 KB)')).toBeTruthy();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Names made safe (1)' })).toBeNull();
  });
});
