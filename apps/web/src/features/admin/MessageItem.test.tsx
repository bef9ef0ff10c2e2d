import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from './render-admin';
import { CSRF, fakeAdminServer, messageFixture } from './test-admin-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function message(name: string) {
  return screen.findByRole('article', { name });
}

describe('contact messages', () => {
  it('marks a message read with the CSRF header, then disables the button and drops the New badge', async () => {
    const { requests } = fakeAdminServer({ loggedIn: true });
    const { user } = renderAdmin();
    const item = await message('Ada Lovelace');
    const button = within(item).getByRole('button', { name: 'Mark as read' });
    await user.click(button);
    expect(await screen.findByText('Message marked as read')).toBeTruthy();
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    expect(within(item).queryByText('New')).toBeNull();
    expect(screen.queryByText('1 unread')).toBeNull();
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.path).toBe('/api/admin/messages/m1');
    expect(patch?.headers.get('x-csrf-token')).toBe(CSRF);
    expect(patch?.body).toEqual({ isRead: true });
  });

  it('has a read message’s button disabled from the start', async () => {
    fakeAdminServer({ loggedIn: true, messages: [messageFixture({ isRead: true })] });
    renderAdmin();
    const item = await message('Ada Lovelace');
    expect(within(item).getByRole('button', { name: 'Mark as read' }).hasAttribute('disabled')).toBe(true);
    expect(within(item).queryByText('New')).toBeNull();
  });

  it('tells when marking as read failed and leaves the message unread', async () => {
    const { state } = fakeAdminServer({ loggedIn: true });
    state.failPatch = true;
    const { user } = renderAdmin();
    const item = await message('Ada Lovelace');
    await user.click(within(item).getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('Failed to mark message as read.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Mark as read' }).hasAttribute('disabled')).toBe(false);
  });

  it('deletes a message after a confirmation, with the CSRF header', async () => {
    const { requests } = fakeAdminServer({
      loggedIn: true,
      messages: [messageFixture(), messageFixture({ id: 'm2', name: 'Grace Hopper', email: 'grace@example.com' })],
    });
    const { user } = renderAdmin();
    const item = await message('Grace Hopper');
    await user.click(within(item).getByRole('button', { name: 'Delete the message from Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    expect(within(dialog).getByText('The message from Grace Hopper will be deleted permanently.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Delete message' }));
    expect(await screen.findByText('Message deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Grace Hopper' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('article', { name: 'Ada Lovelace' })).toBeTruthy();
    const removal = requests.find((request) => request.method === 'DELETE');
    expect(removal?.path).toBe('/api/admin/messages/m2');
    expect(removal?.headers.get('x-csrf-token')).toBe(CSRF);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Contact messages, newest first' })),
    );
  });

  it('keeps the message when the confirmation is cancelled', async () => {
    const { requests } = fakeAdminServer({ loggedIn: true });
    const { user } = renderAdmin();
    const item = await message('Ada Lovelace');
    await user.click(within(item).getByRole('button', { name: /^Delete/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('article', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
  });

  it('shows a message with markup as plain text, with a warning badge', async () => {
    const text = 'Hi <script>alert("x")</script>\n<img src=x onerror=alert(1)>';
    fakeAdminServer({ loggedIn: true, messages: [messageFixture({ message: text })] });
    renderAdmin();
    const item = await message('Ada Lovelace');
    expect(within(item).getByText('Suspicious content')).toBeTruthy();
    expect(within(item).getByText(text, { normalizer: (value) => value })).toBeTruthy();
    expect(item.querySelector('script')).toBeNull();
    expect(item.querySelector('img')).toBeNull();
  });

  it('shows no warning badge on an ordinary message', async () => {
    fakeAdminServer({ loggedIn: true });
    renderAdmin();
    const item = await message('Ada Lovelace');
    expect(within(item).queryByText('Suspicious content')).toBeNull();
  });
});
