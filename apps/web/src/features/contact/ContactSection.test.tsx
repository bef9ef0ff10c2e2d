import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactSection } from './ContactSection';
import { renderInPage, resetContactTests, sentBody, stubServer } from './test-contact';

const field = (name: string) => screen.getByLabelText(name);
const submit = () => screen.getByRole('button', { name: /Send Message|Sending/ });

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(resetContactTests);

describe('the contact form (about page)', () => {
  it('is a section of the page with labelled fields, the privacy hint and its submit button', () => {
    renderInPage(<ContactSection />);
    const section = screen.getByRole('region', { name: 'Contact us' });
    expect(field('Name').getAttribute('maxLength')).toBe('100');
    expect(field('Email').getAttribute('type')).toBe('email');
    expect(field('Email').getAttribute('maxLength')).toBe('254');
    expect(field('Message').tagName).toBe('TEXTAREA');
    expect(field('Message').getAttribute('rows')).toBe('4');
    expect(field('Message').getAttribute('maxLength')).toBe('5000');
    expect(within(section).getByText(/delete them after 365 days at the latest/)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Read our privacy policy.' }).getAttribute('href')).toBe('/privacy');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('renders on the server with the submit button disabled until the page is hydrated', () => {
    const html = renderToString(<ContactSection />);
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""/);
    expect(html).toContain('Send Message');
  });

  it('refuses empty fields: toast, fields marked invalid, focus on the first', async () => {
    const fetch = stubServer({ status: 201, body: { ok: true } });
    const { user } = renderInPage(<ContactSection />);
    await user.type(field('Email'), '   ');
    await user.type(field('Message'), 'Hello');
    await user.click(submit());
    expect(await screen.findByText('Please fill in all fields')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(field('Message').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('Name'));
    expect(fetch).not.toHaveBeenCalled();
    // The problem is said under the field, and goes away once it is corrected.
    expect(document.getElementById(field('Name').getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please fill in this field.',
    );
    await user.type(field('Name'), 'Ada');
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
  });

  it('says under the field what is wrong with an email address or a too long text', async () => {
    const fetch = stubServer({ status: 201, body: { ok: true } });
    const { user } = renderInPage(<ContactSection />);
    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@example');
    // Typing stops at maxLength; a script or an old browser may not.
    fireEvent.change(field('Message'), { target: { value: 'x'.repeat(5001) } });
    await user.click(submit());
    expect(fetch).not.toHaveBeenCalled();
    const email = field('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter a valid email address, for example name@example.com.',
    );
    expect(document.activeElement).toBe(email);
    const message = field('Message');
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This is too long: use at most 5,000 characters.')).toBeTruthy();
    expect(screen.queryByText('Please fill in all fields')).toBeNull();
  });

  it('counts the message characters near the limit', async () => {
    renderInPage(<ContactSection />);
    fireEvent.change(field('Message'), { target: { value: 'x'.repeat(4000) } });
    expect(screen.queryByText('4,000 / 5,000')).toBeNull();
    fireEvent.change(field('Message'), { target: { value: 'x'.repeat(4950) } });
    expect(screen.getByText('4,950 / 5,000')).toBeTruthy();
    expect(screen.getByText('4,950 of 5,000 characters used')).toBeTruthy();
    expect(field('Message').getAttribute('aria-describedby')).toBeTruthy();
  });

  it('shows "Sending..." on a disabled button, then thanks and clears the fields', async () => {
    let reply: (response: Response) => void = () => undefined;
    const fetch = stubServer(new Promise<Response>((resolve) => (reply = resolve)));
    const { user } = renderInPage(<ContactSection />);
    await user.type(field('Name'), ' Ada ');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Message'), 'Hello there');
    await user.click(submit());
    expect(submit().textContent).toBe('Sending...');
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    expect(sentBody(fetch)).toEqual({ name: 'Ada', email: 'ada@example.com', message: 'Hello there', website: '' });
    await act(async () => reply(new Response(JSON.stringify({ ok: true }), { status: 201 })));
    expect(await screen.findByText('Message sent!')).toBeTruthy();
    expect(screen.getByText("Thank you for contacting us. We'll get back to you soon.")).toBeTruthy();
    expect(submit().textContent).toBe('Send Message');
    expect((field('Name') as HTMLInputElement).value).toBe('');
    expect((field('Message') as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps what was typed when sending fails', async () => {
    stubServer({ status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } });
    const { user } = renderInPage(<ContactSection />);
    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Message'), 'Hello');
    await user.click(submit());
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeTruthy();
    expect((field('Message') as HTMLTextAreaElement).value).toBe('Hello');
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });

  it('says how many messages an hour may be sent when the server answers 429', async () => {
    stubServer({ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many' } } });
    const { user } = renderInPage(<ContactSection />);
    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Message'), 'Hello');
    await user.click(submit());
    expect(await screen.findByText('Too many messages')).toBeTruthy();
    expect(screen.getByText('You can send up to 5 messages an hour. Please try again later.')).toBeTruthy();
  });

  it('sends the hidden honeypot field, which the keyboard never reaches', async () => {
    const fetch = stubServer({ status: 201, body: { ok: true } });
    const { user } = renderInPage(<ContactSection />);
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /Website/ })).toBeNull();

    field('Name').focus();
    const reached: (string | null)[] = [];
    for (let step = 0; step < 5; step += 1) {
      await user.tab();
      reached.push(document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent ?? null);
    }
    expect(reached).not.toContain('website');
    expect(reached.slice(0, 2)).toEqual(['email', 'message']);

    // A bot fills in everything; the server decides what to do with it.
    fireEvent.change(honeypot, { target: { value: 'https://spam.example' } });
    await user.type(field('Name'), 'Bot');
    await user.type(field('Email'), 'bot@example.com');
    await user.type(field('Message'), 'Buy now');
    await user.click(submit());
    expect(await screen.findByText('Message sent!')).toBeTruthy();
    expect(sentBody(fetch)).toMatchObject({ website: 'https://spam.example' });
  });
});
