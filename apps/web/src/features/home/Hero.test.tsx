import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Hero, HeroTiles } from './Hero';

describe('Hero', () => {
  it('shows the page title as the only heading, the promise line and four tiles', () => {
    render(
      <>
        <Hero />
        <HeroTiles />
      </>,
    );
    const headings = screen.getAllByRole('heading');
    expect(headings).toHaveLength(1);
    expect(headings[0]?.tagName).toBe('H1');
    expect(headings[0]?.textContent).toBe('Open RAR, ZIP, 7Z and other archives online');
    expect(screen.getByText(/Nothing uploaded/)).toBeTruthy();

    const tiles = within(screen.getByRole('list', { name: 'Why Archive Opener' })).getAllByRole('listitem');
    expect(tiles.map((tile) => tile.querySelector('p')?.textContent)).toEqual([
      'Private by default',
      'Fast',
      'Many formats',
      'Batch extraction',
    ]);
  });

  it('names its landmark after the title', () => {
    render(<Hero />);
    expect(screen.getByRole('region', { name: 'Open RAR, ZIP, 7Z and other archives online' })).toBeTruthy();
  });
});
