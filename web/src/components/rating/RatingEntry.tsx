// The light entry to satisfaction ratings (issue 16) that a completed content or course and an attended
// event's page render: it only lazy-loads the rating card and sheet (their own chunk, with their strings).
import { lazy, Suspense } from 'react';
import type { RatedType } from './types';

const RatingCard = lazy(() => import('./RatingCard').then((m) => ({ default: m.RatingCard })));

export function RatingEntry({ type, id }: { type: RatedType; id: string }) {
  return (
    <Suspense fallback={null}>
      <RatingCard type={type} id={id} />
    </Suspense>
  );
}
