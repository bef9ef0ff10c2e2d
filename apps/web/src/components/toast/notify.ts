import type { ExternalToast } from 'sonner';

/**
 * Toasts without sonner on the home page's first load (it is ~10 KB gzip): the first toast asks
 * the layout to mount the toaster, waits until it listens, then shows. Lazily loaded features
 * that run after a toast already appeared may use sonner's `toast` directly.
 */
type Kind = 'success' | 'error' | 'info';

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

export function subscribeToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToasterWanted(): boolean {
  return wanted;
}

/** Called by the toaster once it is mounted and subscribed. */
export function toasterMounted(): void {
  markMounted();
}

async function show(kind: Kind, title: string, options?: ExternalToast): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const [{ toast }] = await Promise.all([import('sonner'), mounted]);
  toast[kind](title, options);
}

export const notify = {
  success: (title: string, options?: ExternalToast) => void show('success', title, options),
  error: (title: string, options?: ExternalToast) => void show('error', title, options),
  info: (title: string, options?: ExternalToast) => void show('info', title, options),
};
