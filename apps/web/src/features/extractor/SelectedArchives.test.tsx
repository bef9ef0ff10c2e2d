import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jobsReducer, type ArchiveJob } from './archive-jobs';
import SelectedArchives from './SelectedArchives';
import { groupVolumes } from './volume-sets';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

function job(name: string, size: number, patch: Partial<ArchiveJob> = {}): ArchiveJob {
  const [selection] = groupVolumes([file(name, size)]);
  return { ...selection!, id: name, status: 'ready', tooLarge: false, percent: 0, files: [], ...patch };
}

const noop = () => undefined;

describe('SelectedArchives', () => {
  it('shows a small archive’s size as the file manager does (not 0.00 MB), with no empty icon slot', () => {
    const { container } = render(<SelectedArchives jobs={[job('tiny.zip', 512)]} busy={false} onRemove={noop} />);
    expect(screen.getByText(/^512 B •/)).toBeTruthy();
    expect(container.textContent).not.toContain('0.00 MB');
    const row = screen.getByRole('listitem');
    // The first thing in the row is the name's column, not an empty placeholder.
    expect(row.firstElementChild?.querySelector('bdi')?.textContent).toBe('tiny.zip');
  });

  it('says at once that a file is not an archive, from its listing', () => {
    const notArchive = job('notes.txt', 24, {
      listing: { state: 'failed', error: { code: 'UNSUPPORTED_FORMAT', message: 'not an archive' } },
    });
    render(<SelectedArchives jobs={[notArchive]} busy={false} onRemove={noop} />);
    expect(screen.getByText('Not an archive.')).toBeTruthy();
    expect(screen.queryByText('Ready')).toBeNull();
  });

  it('names the missing part of a set before extracting', () => {
    const [set] = groupVolumes(['m.7z.001', 'm.7z.002', 'm.7z.004', 'm.7z.005'].map((name) => file(name, 10)));
    const parts: ArchiveJob = { ...set!, id: 'set', status: 'ready', tooLarge: false, percent: 0, files: [] };
    render(<SelectedArchives jobs={[parts]} busy={false} onRemove={noop} />);
    expect(screen.getByText('A part is missing')).toBeTruthy();
    expect(screen.getByText(/add m\.7z\.003 with the others/)).toBeTruthy();
  });

  it('says which part is missing when the engine’s listing found it so', () => {
    const missing = job('set.part1.rar', 10, {
      listing: { state: 'failed', error: { code: 'MISSING_VOLUME', message: 'missing', details: { volume: 'set.part2.rar' } } },
    });
    render(<SelectedArchives jobs={[missing]} busy={false} onRemove={noop} />);
    expect(screen.getByText(/add set\.part2\.rar with the others/)).toBeTruthy();
  });

  it('drops an archive too large to extract when another is chosen', () => {
    const big = job('big.zip', 100, { tooLarge: true });
    const [small] = groupVolumes([file('small.zip', 10)]);
    const jobs = jobsReducer([big], { type: 'add', selections: [{ ...small!, id: 'small' }], maxBytes: 50 });
    expect(jobs.map((each) => each.name)).toEqual(['small.zip']);
  });
});
