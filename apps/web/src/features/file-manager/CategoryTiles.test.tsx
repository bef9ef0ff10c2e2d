import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CategoryTiles } from './CategoryTiles';
import { categoryStats } from './file-query';
import { makeFile } from './test-files';

const stats = categoryStats([
  makeFile('a.png', { size: 1024 }),
  makeFile('b.jpg', { size: 2048 }),
  makeFile('c.txt', { size: 10 }),
  makeFile('d.bin', { size: 5 }),
]);

describe('CategoryTiles', () => {
  it('shows each category that has files, with its count and total size', () => {
    render(<CategoryTiles stats={stats} active="all" onToggle={vi.fn()} />);
    const images = screen.getByRole('button', { name: /Images/ });
    expect(images.textContent).toContain('2 files · 3.0 KB');
    expect(screen.getByRole('button', { name: /Documents/ }).textContent).toContain('1 file · 10 B');
    expect(screen.queryByRole('button', { name: /Videos/ })).toBeNull();
  });

  it('shows Other for its totals without offering it as a filter', () => {
    render(<CategoryTiles stats={stats} active="all" onToggle={vi.fn()} />);
    expect(screen.getByText('Other')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Other/ })).toBeNull();
  });

  it('marks the active filter and reports clicks', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    render(<CategoryTiles stats={stats} active="images" onToggle={onToggle} />);
    expect(screen.getByRole('button', { name: /Images/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: /Documents/ }).getAttribute('aria-pressed')).toBe('false');
    await user.click(screen.getByRole('button', { name: /Documents/ }));
    expect(onToggle).toHaveBeenCalledWith('documents');
  });
});
