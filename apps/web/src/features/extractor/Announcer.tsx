import { useEffect, useState } from 'react';

const CLEAR_AFTER_MS = 1000;

/** A polite live region: says `message` once, then empties itself after 1 s (spec section 4). */
export function Announcer({ message }: { message: string | null }) {
  const [text, setText] = useState('');
  useEffect(() => {
    if (!message) return;
    setText(message);
    const clear = setTimeout(() => setText(''), CLEAR_AFTER_MS);
    return () => clearTimeout(clear);
  }, [message]);
  return (
    <div role="status" aria-live="polite" className="sr-only">
      {text}
    </div>
  );
}
