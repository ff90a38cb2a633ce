// A titled horizontal row of learning cards with a "see all" link; skeleton tiles while loading.
import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { SeeAllLink } from '../../components/SeeAllLink';
import { LearningCard } from './LearningCard';
import type { Card } from '../../lib/learning/types';
import './learning.css';

export interface CardRowProps {
  title: ReactNode;
  cards: Card[] | undefined;
  /** "See all" target; hidden when absent. */
  seeAllTo?: string;
  loading?: boolean;
  /** Shown instead of the row when it has no cards (the row is hidden when absent). */
  empty?: ReactNode;
  /** The first cards load their covers eagerly (first row on a page). */
  priority?: boolean;
  testId?: string;
  /** Cards (`type-id`) already shown higher on the page: rendered without their test id. */
  repeats?: ReadonlySet<string>;
}

export function CardRow({ title, cards, seeAllTo, loading, empty, priority, testId, repeats }: CardRowProps) {
  const headingId = useId();
  if (!loading && !cards?.length && !empty) return null;
  return (
    <section className="sf-card-row" aria-labelledby={headingId} data-testid={testId}>
      <div className="sf-card-row__head">
        <h2 id={headingId} className="sf-card-row__title">{title}</h2>
        {seeAllTo && cards?.length ? <SeeAllLink to={seeAllTo} /> : null}
      </div>
      {loading ? (
        <div className="sf-card-row__scroller" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="sf-lcard sf-lcard--tile sf-lcard--skeleton">
              <Skeleton animated className="sf-lcard__skeleton-cover" />
              <Skeleton.Paragraph lineCount={2} animated />
            </div>
          ))}
        </div>
      ) : cards?.length ? (
        <ul className="sf-card-row__scroller">
          {cards.map((c, i) => (
            <li key={`${c.type}-${c.id}`}>
              <LearningCard card={c} priority={priority && i < 2} withTestId={!repeats?.has(`${c.type}-${c.id}`)} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="sf-card-row__empty">{empty}</div>
      )}
    </section>
  );
}
