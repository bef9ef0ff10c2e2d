import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('preloadable', () => {
  it('renders a preloaded component in the same commit, without showing the fallback', async () => {
    let loads = 0;
    const greeting = preloadable(async () => {
      loads += 1;
      return { default: Greeting };
    });
    await greeting.preload();
    await greeting.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <greeting.Component name="Ada" />
      </Suspense>,
    );
    // Synchronously after render: React.lazy would show the fallback here.
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(loads).toBe(1);
  });

  it('suspends like React.lazy when rendered before it has loaded', async () => {
    let finish: (value: { default: typeof Greeting }) => void = () => undefined;
    const greeting = preloadable(() => new Promise<{ default: typeof Greeting }>((resolve) => (finish = resolve)));
    render(
      <Suspense fallback={<p>loading</p>}>
        <greeting.Component name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => finish({ default: Greeting }));
    expect(await screen.findByText('Hello Grace')).toBeTruthy();
  });

  it('tries again after a failed load', async () => {
    let attempts = 0;
    const greeting = preloadable(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return { default: Greeting };
    });
    await expect(greeting.preload()).rejects.toThrow('offline');
    await expect(greeting.preload()).resolves.toEqual({ default: Greeting });
    expect(attempts).toBe(2);
  });
});
