import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>{`${label} ${count}`}</button>;
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

  it('keeps the state of an instance that mounted before the load ended', async () => {
    let finish: (value: { default: typeof Counter }) => void = () => undefined;
    const counter = preloadable(() => new Promise<{ default: typeof Counter }>((resolve) => (finish = resolve)));
    const view = (label: string) => (
      <Suspense fallback={<p>loading</p>}>
        <counter.Component label={label} />
      </Suspense>
    );
    const { rerender } = render(view('clicks'));
    await act(async () => finish({ default: Counter }));
    fireEvent.click(await screen.findByText('clicks 0'));
    expect(screen.getByText('clicks 1')).toBeTruthy();
    // The parent renders again once the component is loaded: the same instance, not a new one.
    rerender(view('taps'));
    expect(screen.getByText('taps 1')).toBeTruthy();
  });
});
