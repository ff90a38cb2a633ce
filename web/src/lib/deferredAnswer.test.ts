// useDeferredAnswer (lib/deferredAnswer.ts): loading while the query loads, the answer once React has rendered
// the deferred copy, and not loading when the query failed with nothing to show (so the page shows its error).
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredAnswer } from './deferredAnswer';

describe('useDeferredAnswer', () => {
  it('is loading while the query loads, then hands over the answer', () => {
    const { result, rerender } = renderHook(({ answer, isLoading }) => useDeferredAnswer(answer, isLoading), {
      initialProps: { answer: undefined as string[] | undefined, isLoading: true },
    });
    expect(result.current).toEqual({ data: undefined, loading: true });
    rerender({ answer: ['a'], isLoading: false });
    expect(result.current).toEqual({ data: ['a'], loading: false });
  });

  it('is not loading when the query failed with no answer', () => {
    const { result } = renderHook(() => useDeferredAnswer<string[]>(undefined, false));
    expect(result.current).toEqual({ data: undefined, loading: false });
  });
});
