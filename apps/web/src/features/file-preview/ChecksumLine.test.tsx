import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChecksumLine } from './ChecksumLine';
import { fileOf, nativeBlob } from './test-blob';

const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

async function renderLine(content = 'abc') {
  const user = userEvent.setup();
  const file = fileOf('abc.txt', await nativeBlob(content));
  const view = render(
    <>
      <ChecksumLine file={file} />
      <Toaster />
    </>,
  );
  return { user, file, ...view };
}

async function showHash(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Show SHA-256 of abc.txt' }));
  return screen.findByText(/^[0-9a-f]{64}$/);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('ChecksumLine', () => {
  it('hashes only when asked', async () => {
    const digest = vi.spyOn(crypto.subtle, 'digest');
    const { user } = await renderLine();
    expect(screen.getByRole('button', { name: 'Show SHA-256 of abc.txt' }).textContent).toBe('Show SHA-256');
    expect(digest).not.toHaveBeenCalled();
    expect((await showHash(user)).textContent).toBe(ABC);
    expect(screen.getByText('SHA-256:')).toBeTruthy();
  });

  it('reads the file only when asked (each read cuts a slice of the archive’s output)', async () => {
    const blob = await nativeBlob('abc');
    let reads = 0;
    const local = fileOf('abc.txt', blob);
    if (local.remote) throw new Error('expected a file extracted in the page');
    const file = {
      ...local,
      get blob() {
        reads += 1;
        return blob;
      },
    };
    const user = userEvent.setup();
    render(<ChecksumLine file={file} />);
    expect(reads).toBe(0);
    expect((await showHash(user)).textContent).toBe(ABC);
    expect(reads).toBeGreaterThan(0);
  });

  it('moves keyboard focus from the show button to the copy button', async () => {
    const { user } = await renderLine();
    await user.tab();
    await user.keyboard('{Enter}');
    await screen.findByText(ABC);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy SHA-256 checksum of abc.txt' }));
  });

  it('remembers a checksum when the line is shown again', async () => {
    const { user, file, unmount } = await renderLine('remember me');
    const hash = (await showHash(user)).textContent;
    unmount();
    render(<ChecksumLine file={file} />);
    expect(screen.getByText(hash ?? '')).toBeTruthy();
  });

  it('copies the checksum, confirms with a toast and shows a check mark for 2 s', async () => {
    const { user } = await renderLine();
    await showHash(user);
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
    await showHash(user);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy SHA-256 checksum of abc.txt' }));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
    expect(screen.getByText('Could not copy checksum to clipboard')).toBeTruthy();
  });

  it('offers a retry when hashing fails', async () => {
    vi.spyOn(crypto.subtle, 'digest').mockRejectedValueOnce(new Error('boom'));
    const { user } = await renderLine();
    await user.click(screen.getByRole('button', { name: 'Show SHA-256 of abc.txt' }));
    expect(await screen.findByText('Could not compute the checksum.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again: SHA-256 of abc.txt' }));
    expect(await screen.findByText(ABC)).toBeTruthy();
  });
});
