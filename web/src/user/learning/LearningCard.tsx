// One compact card for any learning item (docs/LEARNING.md "Card"): cover, type badge, two-line title,
// points, duration, a thin progress bar and the due chip of a mandatory course. Used by the Learning tab,
// search, and Home's rows.
import {
  CheckCircleFill,
  ClockCircleOutline,
  ContentOutline,
  FileOutline,
  LinkOutline,
  PicturesOutline,
  PlayOutline,
  StarFill,
  UnorderedListOutline,
  EditSOutline,
  TextOutline,
} from 'antd-mobile-icons';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Image } from '../../lib/image';
import { cardHref, clampPercent, dueState, formatDate } from './logic';
import type { Card } from '../../lib/learning/types';
import './learning.css';

/** The icon of a card's type (contents by kind). */
export function kindIcon(card: Pick<Card, 'type' | 'kind'>): ReactNode {
  if (card.type === 'course') return <UnorderedListOutline />;
  if (card.type === 'exam') return <EditSOutline />;
  if (card.type === 'ebook') return <FileOutline />;
  if (card.type === 'article') return <TextOutline />;
  switch (card.kind) {
    case 'video':
      return <PlayOutline />;
    case 'pdf':
      return <FileOutline />;
    case 'images':
      return <PicturesOutline />;
    case 'link':
      return <LinkOutline />;
    default:
      return <ContentOutline />;
  }
}

/** i18n key of a card's badge: `lcard.kind.video`, `lcard.type.course`, … */
export function badgeKey(card: Pick<Card, 'type' | 'kind'>): string {
  return card.type === 'content' && card.kind ? `lcard.kind.${card.kind}` : `lcard.type.${card.type}`;
}

export interface LearningCardProps {
  card: Card;
  /** `tile`: fixed-width column for a horizontal row (default); `grid`: fills its cell; `list`: thumbnail + text. */
  variant?: 'tile' | 'grid' | 'list';
  /** Lesson inside a course: links carry ?course=. */
  courseId?: string;
  /** Above the fold: the cover loads eagerly. */
  priority?: boolean;
  now?: number;
  /** False for a repeat of a card shown earlier on the same page: test ids stay unique per page. */
  withTestId?: boolean;
}

// Memoised: a tab re-renders as each of its reads arrives, and a row of cards was drawn again each time (issue 29);
// a card whose data did not change is not.
export const LearningCard = memo(function LearningCard({ card, variant = 'tile', courseId, priority, now = Date.now(), withTestId = true }: LearningCardProps) {
  const { t, i18n } = useTranslation();
  const percent = card.progress ? clampPercent(card.progress.percent) : null;
  const completed = card.progress?.completed ?? false;
  const due = dueState(card.dueAt, now);
  const sizes = variant === 'list' ? '112px' : variant === 'grid' ? '(max-width: 640px) 50vw, 320px' : '200px';
  const label = [
    t(badgeKey(card)),
    card.title,
    card.points ? t('lcard.points', { count: card.points }) : '',
    card.durationMinutes ? t('lcard.minutes', { count: card.durationMinutes }) : '',
    completed ? t('lcard.completed') : percent ? t('lcard.progress', { percent }) : '',
    due && card.dueAt && !completed ? (due === 'overdue' ? t('lcard.overdue') : t('lcard.due', { date: formatDate(card.dueAt, i18n.language) })) : '',
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <Link
      to={cardHref(card, courseId)}
      className={`sf-lcard sf-lcard--${variant}${completed ? ' sf-lcard--done' : ''}`}
      data-testid={withTestId ? `card-${card.type}-${card.id}` : undefined}
      aria-label={label}
    >
      <div className="sf-lcard__cover">
        {card.cover && card.cover.kind === 'image' ? (
          <Image
            src={card.cover.url}
            alt=""
            width={card.cover.width ?? 640}
            height={card.cover.height ?? 360}
            sizes={sizes}
            fit="cover"
            priority={priority}
          />
        ) : (
          <span className={`sf-lcard__placeholder sf-lcard__placeholder--${card.type}`} aria-hidden="true">
            {kindIcon(card)}
          </span>
        )}
        {variant !== 'list' ? (
          <span className="sf-lcard__badge" aria-hidden="true">
            {kindIcon(card)}
            <span>{t(badgeKey(card))}</span>
          </span>
        ) : null}
        {completed ? (
          <span className="sf-lcard__done" aria-hidden="true">
            <CheckCircleFill />
          </span>
        ) : null}
      </div>
      <div className="sf-lcard__body" aria-hidden="true">
        {variant === 'list' ? (
          <span className="sf-lcard__type">
            {kindIcon(card)} {t(badgeKey(card))}
            {card.category ? <span className="sf-lcard__category"> · {card.category.name}</span> : null}
          </span>
        ) : null}
        <h3 className="sf-lcard__title">{card.title}</h3>
        {due && card.dueAt && !completed ? (
          <span className={`sf-lcard__due sf-lcard__due--${due}`}>
            {due === 'overdue' ? t('lcard.overdue') : t('lcard.due', { date: formatDate(card.dueAt, i18n.language) })}
          </span>
        ) : null}
        <span className="sf-lcard__meta">
          {card.points ? (
            <span className="sf-lcard__points">
              <StarFill /> {t('lcard.pointsShort', { count: card.points })}
            </span>
          ) : null}
          {card.durationMinutes ? (
            <span className="sf-lcard__duration">
              <ClockCircleOutline /> {t('lcard.minutes', { count: card.durationMinutes })}
            </span>
          ) : null}
        </span>
        {percent !== null && (percent > 0 || completed) ? (
          <span className="sf-lcard__progress" data-testid="card-progress" data-percent={completed ? 100 : percent}>
            <span className="sf-lcard__progress-bar" style={{ width: `${completed ? 100 : percent}%` }} />
          </span>
        ) : null}
      </div>
    </Link>
  );
});
