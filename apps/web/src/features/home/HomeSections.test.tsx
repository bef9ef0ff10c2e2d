import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import HomeSectionsDefault, { HomeSections } from './HomeSections';

describe('HomeSections', () => {
  it('is the default export too, for React.lazy', () => {
    expect(HomeSectionsDefault).toBe(HomeSections);
  });

  it('renders the four sections in order, each a region named by its h2', () => {
    render(<HomeSections />);
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([
      'How to open an archive',
      'Made for the formats you meet most',
      'Archive types explained',
      'Frequently asked questions',
    ]);
    for (const title of titles) expect(screen.getByRole('region', { name: title ?? '' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('uses h3 for the items of each section', () => {
    render(<HomeSections />);
    const section = (name: string) => within(screen.getByRole('region', { name }));
    expect(section('How to open an archive').getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(section('Made for the formats you meet most').getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(
      section('Archive types explained')
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['RAR', 'ZIP', '7Z', 'TAR', 'GZIP', 'Also supported']);
  });

  it('lists ten FAQ questions, all closed, and opens an answer on click', async () => {
    const user = userEvent.setup();
    const { container } = render(<HomeSections />);
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    const questions = within(faq).getAllByRole('heading', { level: 3 });
    expect(questions).toHaveLength(10);
    expect(questions[0]?.textContent).toBe('Which archive formats can I open?');

    const details = [...container.querySelectorAll('details')];
    expect(details).toHaveLength(10);
    expect(details.every((d) => !d.open)).toBe(true);

    await user.click(within(faq).getByText('Is it safe? Are my files uploaded?'));
    expect(details[1]?.open).toBe(true);
    expect(details[0]?.open).toBe(false);
  });

  it('states the limits from the shared constants, with no placeholder left', () => {
    const { container } = render(<HomeSections />);
    const text = container.textContent ?? '';
    expect(text).toContain('up to 2 GB in browsers that cannot store files for a site');
    expect(text).toContain('the limit is 50 MB');
    expect(text).toContain('deleted after 60 minutes');
    expect(text).not.toMatch(/\{\{|home\.|SIO/);
  });
});
