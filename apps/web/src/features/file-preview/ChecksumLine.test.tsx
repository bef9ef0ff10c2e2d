import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChecksumLine } from './ChecksumLine';
import { fileOf, nativeBlob } from './test-blob';

const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

let lines = 0;

async function renderLine(content = 'abc') {
  const user = userEvent.setup();
  // Checksums are kept per file id for the page's lifetime: each test's file is a new one.
  const file = { ...fileOf('abc.txt', await nativeBlob(content)), id: `line-${++lines}` };
  const view = render(
    <>
      <ChecksumLine file={file} />
      <Toaster />
    </>,
  );
  return { user, file, ...view };
}

function shownHash() {
  return screen.findByText(/^[0-9a-f]{64}$/);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('ChecksumLine', () => {
  it('shows the SHA-256 without a click, after saying it is being computed', async () => {
    await renderLine();
    expect(screen.getByText('Computing SHA-256…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Show SHA-256/ })).toBeNull();
    expect((await shownHash()).textContent).toBe(ABC);
    expect(screen.getByText('SHA-256:')).toBeTruthy();
  });

  it('remembers a checksum when the line is shown again', async () => {
    const { file, unmount } = await renderLine('remember me');
    const hash = (await shownHash()).textContent;
    unmount();
    render(<ChecksumLine file={file} />);
    expect(screen.getByText(hash ?? '')).toBeTruthy();
  });

  it('copies the checksum, confirms with a toast and shows a check mark for 2 s', async () => {
    const { user } = await renderLine();
    await shownHash();
    const copyButton = screen.getByRole('button', { name: 'Copy SHA-256 checksum of abc.txt' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(copyButton);
    expect(await navigator.clipboard.readText()).toBe(ABC);
    expect(await screen.findByText('Checksum copied!')).toBeTruthy();
    expect(screen.getByText('SHA-256 checksum has been copied to clipboard')).toBeTruthy();
    expect(copyButton.querySelector('.lucide-check')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(copyButton.querySelector('.lucide-check')).toBeNull();
  });

  it('reports a failed copy', async () => {
    const { user } = await renderLine();
    await shownHash();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy SHA-256 checksum of abc.txt' }));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
    expect(screen.getByText('Could not copy checksum to clipboard')).toBeTruthy();
  });

  it('offers a retry when hashing fails', async () => {
    vi.spyOn(crypto.subtle, 'digest').mockRejectedValueOnce(new Error('boom'));
    const { user } = await renderLine();
    expect(await screen.findByText('Could not compute the checksum.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again: SHA-256 of abc.txt' }));
    expect(await screen.findByText(ABC)).toBeTruthy();
  });
});
