import { useCallback, useRef, useState } from 'react';
import type { PasswordAsk } from './batch-passwords';

export interface Asking {
  archiveName: string;
  wrong: boolean;
  answer: (password: string | null) => void;
}

/**
 * The batch's password question: asked when an archive needs a password that none typed so far
 * opens (batch-passwords.ts). What is typed stays in this page's memory.
 */
export function usePasswordPrompt(): { ask: PasswordAsk; dismiss: () => void; asking: Asking | null } {
  const [asking, setAsking] = useState<Asking | null>(null);
  const current = useRef<Asking | null>(null);
  const ask = useCallback<PasswordAsk>(
    (archiveName, wrong) =>
      new Promise((resolve) => {
        const entry: Asking = {
          archiveName,
          wrong,
          answer: (password) => {
            current.current = null;
            setAsking(null);
            resolve(password);
          },
        };
        current.current = entry;
        setAsking(entry);
      }),
    [],
  );
  const dismiss = useCallback(() => current.current?.answer(null), []);
  return { ask, dismiss, asking };
}
