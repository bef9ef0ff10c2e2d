import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Footer } from '../../app/Footer';
import { renderInPage, resetContactTests, stubServer } from './test-contact';

const contactButton = () => screen.getByRole('button', { name: 'Contact' });

async function openDialog(user: UserEvent) {
  await user.click(contactButton());
  // The first opening fetches (here: transforms) the dialog's code.
  return screen.findByRole('dialog', { name: 'Contact us' }, { timeout: 15_000 });
}

async function fillIn(user: UserEvent, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Name'), 'Ada');
  await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
  await user.type(within(dialog).getByLabelText('Message'), 'Hello');
}

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(resetContactTests);

describe('the footer contact dialog', () => {
  it('opens from the footer button with the form, its field focused', async () => {
    const { user } = renderInPage(<Footer />);
    expect(contactButton().getAttribute('aria-haspopup')).toBe('dialog');
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await openDialog(user);
    // The rest of the page is hidden from assistive technology while the dialog is open.
    expect(screen.getByRole('button', { name: 'Contact', hidden: true }).getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog).getByText(/Send us a message/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Name'));
    expect(within(dialog).getByRole('button', { name: 'Send Message' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it.each([
    ['Cancel', (user: UserEvent, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Cancel' }))],
    [
      'the close icon',
      (user: UserEvent, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Close' })),
    ],
    ['Escape', (user: UserEvent) => user.keyboard('{Escape}')],
  ])('closes with %s and gives focus back to the button, keeping what was typed', async (_, close) => {
    const { user } = renderInPage(<Footer />);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Message'), 'Half a thought');
    await close(user, dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(contactButton());
    expect(contactButton().getAttribute('aria-expanded')).toBe('false');
    const reopened = await openDialog(user);
    expect(within(reopened).getByLabelText<HTMLTextAreaElement>('Message').value).toBe('Half a thought');
  });

  it('closes after a successful send, thanks the visitor and starts empty next time', async () => {
    stubServer({ status: 201, body: { ok: true } });
    const { user } = renderInPage(<Footer />);
    const dialog = await openDialog(user);
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message sent!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(contactButton());
    const reopened = await openDialog(user);
    expect(within(reopened).getByLabelText<HTMLInputElement>('Name').value).toBe('');
  });

  it('cannot be dismissed while the message is on its way: it closes on the answer, with "Message sent!"', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubServer(new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderInPage(<Footer />);
    const dialog = await openDialog(user);
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    await within(dialog).findByText('Sending...');
    // A stray Escape, the close icon or Cancel while sending: the dialog stays for the outcome.
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'Contact us' })).toBe(dialog);
    answer(new Response(JSON.stringify({ ok: true }), { status: 201 }));
    expect(await screen.findByText('Message sent!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays open with the fields kept when sending fails', async () => {
    stubServer('network-error');
    const { user } = renderInPage(<Footer />);
    const dialog = await openDialog(user);
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Contact us' })).toBe(dialog);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('Ada');
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Message').value).toBe('Hello');
  });

  it('closes when the visitor follows the privacy link', async () => {
    const { user, location } = renderInPage(<Footer />);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('link', { name: 'Read our privacy policy.' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history?.at(-1)).toBe('/privacy');
  });
});
