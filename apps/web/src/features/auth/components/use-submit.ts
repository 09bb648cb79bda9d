import { useState } from 'react';

/** Tracks one in-flight submit so the button shows progress and cannot fire twice. */
export function useSubmit<A extends unknown[]>(fn: (...args: A) => Promise<void>): { pending: boolean; run: (...args: A) => Promise<void> } {
  const [pending, setPending] = useState(false);
  const run = async (...args: A) => {
    if (pending) return;
    setPending(true);
    try {
      await fn(...args);
    } catch {
      // Failures were reported by the request layer (toast with the server's message); the form stays for a retry.
    } finally {
      setPending(false);
    }
  };
  return { pending, run };
}
