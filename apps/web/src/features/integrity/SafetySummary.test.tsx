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
    // The hidden control is written out, never performed.
    expect(within(renamed).getByText(/x⟨U\+202E⟩gpj\.exe became x_gpj\.exe/).textContent).toBeTruthy();
    expect(within(renamed).getByText('(hid its real extension with direction controls)')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Links not created (1)' })).getByText('etc-link pointed to /etc/passwd'),
    ).toBeTruthy();
    const risky = screen.getByRole('list', { name: 'Programs and scripts (2)' });
    expect(within(risky).getByText('invoice.pdf.exe: a program named to look like a .pdf file')).toBeTruthy();
    expect(screen.getByText('Expansion: 2× (2.0 KB from 1.0 KB)')).toBeTruthy();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Names made safe (1)' })).toBeNull();
  });
});
