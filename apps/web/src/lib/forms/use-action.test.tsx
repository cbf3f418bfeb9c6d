import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/api-errors';
import { useAction } from './use-action';

describe('useAction', () => {
  it('is pending while the write runs, keeps its failure text, and clears it on the next run', async () => {
    const { result } = renderHook(() => useAction());
    let finish!: () => void;
    let running!: Promise<void>;
    act(() => {
      running = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.pending).toBe(true);
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current).toMatchObject({ pending: false, error: null });

    const failure = new ApiError({ status: 409, message: 'The document was already signed', url: '/x' });
    await act(() =>
      result.current.run(async () => {
        throw failure;
      }),
    );
    expect(result.current).toMatchObject({ pending: false, error: errorText(failure) });
    expect(result.current.error).toContain('The document was already signed');

    let again!: Promise<void>;
    act(() => {
      again = result.current.run(() => new Promise<void>(() => {}));
    });
    await waitFor(() => expect(result.current).toMatchObject({ pending: true, error: null }));
    void again;
  });
});
