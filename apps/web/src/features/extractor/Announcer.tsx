import { useEffect, useState } from 'react';

const CLEAR_AFTER_MS = 1000;

/**
 * A polite live region that says `message` once and empties itself after 1 s
 * (docs/product.md#when-extraction-ends). The parent gives it a new `key` per announcement, so each
 * one starts visible.
 */
export function Announcer({ message }: { message: string }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const clear = setTimeout(() => setVisible(false), CLEAR_AFTER_MS);
    return () => clearTimeout(clear);
  }, []);
  return (
    <div role="status" aria-live="polite" className="sr-only">
      {visible ? message : ''}
    </div>
  );
}
