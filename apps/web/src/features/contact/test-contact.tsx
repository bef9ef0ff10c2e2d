// Test helpers of the contact feature: the page around the form, and a server answer to fetch.
import { render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { DeferredToaster } from '../../components/toast/DeferredToaster';

/** Renders `ui` in a router at /about with the app's toaster, as the layout does. */
export function renderInPage(ui: ReactNode): { user: UserEvent; location: ReturnType<typeof memoryLocation> } {
  const user = userEvent.setup();
  const location = memoryLocation({ path: '/about', record: true });
  render(
    <Router hook={location.hook}>
      {ui}
      <DeferredToaster />
    </Router>,
  );
  return { user, location };
}

/** The server's answer to the next POSTs; a pending promise keeps the form sending. */
export function stubServer(answer: { status: number; body?: unknown } | Promise<Response> | 'network-error') {
  const fetch = vi.fn(() => {
    if (answer === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    if (answer instanceof Promise) return answer;
    const body = answer.body === undefined ? null : JSON.stringify(answer.body);
    return Promise.resolve(new Response(body, { status: answer.status }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The JSON body of the `index`th request. */
export function sentBody(fetch: ReturnType<typeof stubServer>, index = 0): unknown {
  const init = (fetch.mock.calls[index] as unknown as [string, RequestInit])[1];
  return JSON.parse(init.body as string);
}

export function resetContactTests() {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.dismiss();
}
