import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_QUERY, type FileQuery } from './file-query';
import { FileToolbar } from './FileToolbar';

/** The toolbar as the file manager holds it; returns the spy that sees every change. */
function renderToolbar() {
  const onChange = vi.fn<(patch: Partial<FileQuery>) => void>();
  function Harness() {
    const [query, setQuery] = useState(DEFAULT_QUERY);
    return (
      <FileToolbar
        query={query}
        onChange={(patch) => {
          onChange(patch);
          setQuery((current) => ({ ...current, ...patch }));
        }}
      />
    );
  }
  render(<Harness />);
  return onChange;
}

describe('FileToolbar', () => {
  it('has a labelled search box', async () => {
    const user = userEvent.setup();
    const onChange = renderToolbar();
    const search = screen.getByRole('searchbox', { name: 'Search files' });
    expect(search.getAttribute('placeholder')).toBe('Search files...');
    await user.type(search, 'report');
    expect(onChange).toHaveBeenLastCalledWith({ search: 'report' });
    expect(search).toHaveProperty('value', 'report');
  });

  it('filters by category, defaulting to All Categories, without Other', async () => {
    const user = userEvent.setup();
    const onChange = renderToolbar();
    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'All Categories' }).selected).toBe(true);
    expect(screen.queryByRole('option', { name: 'Other' })).toBeNull();
    await user.selectOptions(select, 'Images');
    expect(onChange).toHaveBeenLastCalledWith({ category: 'images' });
    expect(select).toHaveProperty('value', 'images');
  });

  it('sorts by Name, Size, Date modified, Type or Category', async () => {
    const user = userEvent.setup();
    const onChange = renderToolbar();
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Name',
      'Size',
      'Date modified',
      'Type',
      'Category',
    ]);
    await user.selectOptions(select, 'Size');
    expect(onChange).toHaveBeenLastCalledWith({ sortField: 'size' });
    await user.selectOptions(select, 'Date modified');
    expect(onChange).toHaveBeenLastCalledWith({ sortField: 'modified' });
  });

  it('toggles between A-Z and Z-A', async () => {
    const user = userEvent.setup();
    const onChange = renderToolbar();
    await user.click(screen.getByRole('button', { name: 'A-Z ascending order' }));
    expect(onChange).toHaveBeenLastCalledWith({ order: 'desc' });
    expect(screen.getByRole('button', { name: 'Z-A descending order' })).toBeTruthy();
  });

  it('switches views with pressed buttons', async () => {
    const user = userEvent.setup();
    const onChange = renderToolbar();
    expect(screen.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Tree view' }));
    expect(onChange).toHaveBeenLastCalledWith({ view: 'tree' });
    expect(screen.getByRole('button', { name: 'Tree view' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('false');
  });
});
