import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListingSummary } from './ListingSummary';

const classesOf = (element: Element | null) => new Set(element?.className.split(/\s+/));

describe('ListingSummary', () => {
  it('reserves while reading the height a listed archive takes, so "Extract" does not move when it ends', () => {
    const reading = render(<ListingSummary listing={{ state: 'listing' }} />).container.firstElementChild;
    const listed = render(
      <ListingSummary listing={{ state: 'listed', files: 79, bytes: 201_800_000, encrypted: false, names: ['a.txt'] }} />,
    ).container.firstElementChild;
    expect(reading?.getAttribute('data-listing')).toBe('reading');
    expect(listed?.getAttribute('data-listed')).toBe('79');
    // jsdom lays nothing out: the reserved height is the minimum both states share.
    const minHeight = [...classesOf(reading)].filter((name) => name.startsWith('min-h-'));
    expect(minHeight).toHaveLength(1);
    expect(classesOf(listed).has(minHeight[0]!)).toBe(true);
  });
});
