// The list page that surveys and forms share in the Club: a header, then the cards of what is open to me
// (title, description, one meta line, and either what to do next or "done"), with loading, error and empty
// states. Each area says what its cards show.
import './questions.css';
import { Skeleton } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../EmptyState';
import { ClubHeader } from '../ClubParts';
import { LoadError } from '../LoadError';

export interface QuestionnaireCard {
  id: string;
  to: string;
  title: string;
  description?: string | null;
  meta: string;
  /** Shown with a check mark when the card is done; otherwise `action` invites. */
  done: string | null;
  action: string;
}

export function QuestionnaireList(props: {
  className: string;
  title: string;
  subtitle: string;
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown };
  cards: QuestionnaireCard[];
  loadError: string;
  empty: { icon: ReactNode; title: string; body: string };
  /** Each card's data-testid, and the attribute that carries its id (e.g. data-survey-id). */
  cardTestId: string;
  cardIdAttribute: `data-${string}`;
}) {
  const { query, cards, empty } = props;
  return (
    <div className={`sf-page sf-club-page ${props.className}`}>
      <ClubHeader title={props.title} subtitle={props.subtitle} />
      {query.isError ? (
        <LoadError text={props.loadError} onRetry={() => void query.refetch()} />
      ) : query.isLoading ? (
        <div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={5} animated /></div>
      ) : cards.length ? (
        <ul className="sf-surveys">
          {cards.map((c) => (
            <li key={c.id}>
              <Link to={c.to} className="sf-card sf-survey-card" data-testid={props.cardTestId} {...{ [props.cardIdAttribute]: c.id }}>
                <span className="sf-survey-card__title">{c.title}</span>
                {c.description ? <span className="sf-survey-card__description">{c.description}</span> : null}
                <span className="sf-survey-card__meta">{c.meta}</span>
                <span className={`sf-survey-card__state ${c.done ? 'is-done' : ''}`}>
                  {c.done ? <><CheckCircleFill aria-hidden="true" /> {c.done}</> : c.action}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={empty.icon} title={empty.title} body={empty.body} />
      )}
    </div>
  );
}
