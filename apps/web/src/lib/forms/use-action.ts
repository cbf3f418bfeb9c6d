/**
 * A screen's write that is not a form submit (order, sign, save a choice): `pending` while it runs,
 * the failure's combined text in `error` (for ServerError) until the next run clears it.
 */
import { useState } from 'react';
import { errorText } from '@/lib/api-errors';

export function useAction() {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function run(work: () => Promise<unknown>): Promise<void> {
    setError(null);
    setPending(true);
    try {
      await work();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setPending(false);
    }
  }

  return { error, pending, run };
}
