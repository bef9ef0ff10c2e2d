import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from './render-admin';
import { CSRF, fakeAdminServer, PASSWORD } from './test-admin-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function loginForm() {
  return screen.findByLabelText('Password');
}

describe('admin login', () => {
  it('checks the session first, then shows the login form when there is none', async () => {
    fakeAdminServer();
    renderAdmin();
    expect(screen.getByRole('status').textContent).toBe('Checking your session…');
    const field = await loginForm();
    expect(field.getAttribute('autocomplete')).toBe('current-password');
    expect(field.getAttribute('type')).toBe('password');
    expect(document.activeElement).toBe(field);
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('refuses a wrong password with the toast of docs/product.md#admin-page, then clears and focuses the field', async () => {
    fakeAdminServer();
    const { user } = renderAdmin();
    const field = await loginForm();
    await user.type(field, 'wrong password{Enter}');
    expect(await screen.findByText('Login failed')).toBeTruthy();
    expect(screen.getByText('Incorrect password')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(field);
    expect(screen.queryByRole('heading', { name: 'Admin dashboard' })).toBeNull();
  });

  it('says the logins are busy (503 LOGIN_BUSY), not that the server could not be reached', async () => {
    fakeAdminServer({ loginBusy: true });
    const { user } = renderAdmin();
    await user.type(await loginForm(), PASSWORD + '{Enter}');
    expect(
      await screen.findByText('Too many logins are being checked right now. Please try again in a few seconds.'),
    ).toBeTruthy();
    expect(screen.queryByText('The server could not be reached. Please try again.')).toBeNull();
  });

  it('says the server could not be reached only when no answer came', async () => {
    const { state } = fakeAdminServer();
    const { user } = renderAdmin();
    const field = await loginForm();
    state.offline = true;
    await user.type(field, PASSWORD + '{Enter}');
    expect(await screen.findByText('The server could not be reached. Please try again.')).toBeTruthy();
  });

  it('says how many minutes are left when the logins are locked', async () => {
    fakeAdminServer({ lockedForSeconds: 14 * 60 + 5 });
    const { user } = renderAdmin();
    await user.type(await loginForm(), 'anything{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many failed attempts');
    expect(alert.textContent).toContain('Try again in 15 minutes.');
  });

  it('disables the button while the login is on its way, then welcomes the admin on the dashboard', async () => {
    const { requests, state } = fakeAdminServer();
    const { user } = renderAdmin();
    await user.type(await loginForm(), PASSWORD);
    let answer = () => {};
    state.hold = new Promise((resolve) => (answer = resolve));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Logging in…' }).hasAttribute('disabled')).toBe(true);
    state.hold = null;
    answer();
    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(screen.getByText('Welcome to the admin panel')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeTruthy();
    expect(requests.find((request) => request.path === '/api/admin/login')?.body).toEqual({ password: PASSWORD });
    // The session is kept in memory only.
    expect(JSON.stringify({ ...localStorage })).not.toContain(CSRF);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(CSRF);
  });
});

describe('admin session', () => {
  it('logs out with the CSRF header and goes back to the login form', async () => {
    const { requests } = fakeAdminServer({ loggedIn: true });
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await loginForm()).toBeTruthy();
    const logout = requests.find((request) => request.path === '/api/admin/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('x-csrf-token')).toBe(CSRF);
  });

  it('goes back to the login form with a notice when a dashboard call finds the session ended', async () => {
    const { state, requests } = fakeAdminServer({ loggedIn: true });
    renderAdmin();
    await screen.findByText('Ada Lovelace');
    state.loggedIn = false;
    const before = requests.length;
    // The admin comes back to the tab: the dashboard refreshes and is refused.
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
    expect(await loginForm()).toBeTruthy();
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeTruthy();
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
  });

  it('shows the dashboard at once for an admin who is still logged in', async () => {
    fakeAdminServer({ loggedIn: true });
    renderAdmin();
    const heading = await screen.findByRole('heading', { name: 'Admin dashboard' });
    expect(screen.queryByLabelText('Password')).toBeNull();
    const stats = await screen.findByRole('region', { name: 'Statistics' });
    expect(within(stats).getByText('12,847')).toBeTruthy();
    expect(heading).toBeTruthy();
  });
});
