import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExtractedFile } from '../file-manager/extracted-file';
import { makeFile, makeServerFiles } from '../file-manager/test-files';
import { checksumService } from './checksum-service';
import { ChecksumsDownload, sha256SumsOf } from './ChecksumsDownload';

describe('SHA256SUMS of the shown files', () => {
  it('is made from the server’s checksums at once, with the paths "Download as ZIP" writes', () => {
    // An opened nested archive sits beside its contents: its folder is named -extracted, as in the ZIP.
    const files = makeServerFiles('J1', 'docs/a.txt', 'inner.zip', 'inner.zip/x.txt');
    expect(sha256SumsOf(files)).toBe(
      `${'0'.repeat(64)}  docs/a.txt\n${'1'.repeat(64)}  inner.zip\n${'2'.repeat(64)}  inner.zip-extracted/x.txt\n`,
    );
  });

  it('is not offered while a checksum is still unknown, and counts them meanwhile', () => {
    const pending: ExtractedFile = makeFile('not-yet.txt');
    const [remote] = makeServerFiles('J2', 'known.txt');
    const files = [remote as ExtractedFile, pending];
    expect(sha256SumsOf(files)).toBeNull();
    checksumService().track(files);
    render(<ChecksumsDownload files={files} />);
    expect(screen.getByRole('button', { name: 'Computing checksums… 1 of 2' }).getAttribute('aria-disabled')).toBe('true');
  });
});
