import { useState } from 'react';
import { errorMessage } from './error-message.js';

/**
 * A form's sending: busy while it runs, and why it failed (the error's message), to show above
 * the form's button. `send` never throws.
 */
export function useSending() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (run: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await run();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, send };
}
