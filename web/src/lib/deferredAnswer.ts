// A query's answer for a page's heavy part, handed over through useDeferredValue (issue 29). react-query gives
// answers to React through useSyncExternalStore, which React renders at once, in one task: a page drawing a
// whole list from the answer would block the phone. The deferred copy is rendered in slices instead; until it
// is there, `loading` stays true, so the page keeps its skeletons rather than flashing an empty state.
import { useDeferredValue } from 'react';

export function useDeferredAnswer<T>(answer: T | undefined, isLoading: boolean): { data: T | undefined; loading: boolean } {
  const data = useDeferredValue(answer);
  return { data, loading: data === undefined && (isLoading || answer !== undefined) };
}
