// The rating card at the end of a completed content or course, or an attended event's page: 1-5 stars and an
// optional comment (PUT /api/satisfaction/:type/:id, an edit when rated before), inline where the content
// ends, never over it (issue 28). It asks once, right after completing (the server's `asked`); "Not now"
// puts it off for good (…/dismiss) and leaves only a quiet "Rate" link; once rated it shows my stars.
import './i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Rate, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { COMMENT_MAX, type MyRating, type RatedType } from './types';
import './satisfaction.css';

const enc = encodeURIComponent;
const url = (type: RatedType, id: string) => `/api/satisfaction/${enc(type)}/${enc(id)}`;

export function RatingCard({ type, id }: { type: RatedType; id: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = ['satisfaction', type, id] as const;
  const { data } = useQuery({ queryKey: key, queryFn: ({ signal }) => api<MyRating>(url(type, id), { signal }), staleTime: 0 });
  const [editing, setEditing] = useState(false);
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');

  // The form starts from my rating (an edit) or empty.
  const edit = () => {
    setStars(data?.rating?.stars ?? 0);
    setComment(data?.rating?.comment ?? '');
    setEditing(true);
  };

  const save = useMutation({
    mutationFn: () => api(url(type, id), { method: 'PUT', body: { stars, comment: comment.trim() ? comment : null } }),
    onSuccess: () => {
      notify.success(t('satisfaction.thanks'));
      setEditing(false);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (e) => notify.error(e instanceof ApiError ? Object.values(e.fields)[0] || e.message : t('satisfaction.error')),
  });
  const later = () => {
    setEditing(false);
    if (data?.asked && !data.rating) {
      // Remembered on the server: not asked again, on any device.
      client.setQueryData<MyRating>(key, (old) => (old ? { ...old, asked: false } : old));
      void api(`${url(type, id)}/dismiss`, { method: 'POST', body: {} }).catch(() => undefined);
    }
  };

  if (!data?.rateable) return null;
  const mine = data.rating;
  const open = editing || (data.asked && !mine);

  if (open)
    return (
      <section className="sf-card sf-rating-card sf-rating-card--open" data-testid="rating-card" data-stars={mine?.stars ?? 0} aria-labelledby={`rating-${id}`}>
        <div data-testid="rating-form">
          <h2 id={`rating-${id}`} className="sf-rating-card__ask">{t(`satisfaction.ask.${type}`)}</h2>
          <Rate value={stars} onChange={setStars} className="sf-rating-card__rate" aria-label={t('satisfaction.stars')} />
          <p className="sf-rating-card__hint" aria-live="polite">{stars ? t(`satisfaction.level.${stars}`) : t('satisfaction.tapStars')}</p>
          {stars || mine ? (
            <TextArea
              value={comment}
              onChange={setComment}
              placeholder={t('satisfaction.commentHint')}
              maxLength={COMMENT_MAX}
              rows={2}
              autoSize={{ minRows: 2, maxRows: 6 }}
              aria-label={t('satisfaction.comment')}
              data-testid="rating-comment"
            />
          ) : null}
          <div className="sf-rating-card__actions">
            <Button fill="none" onClick={later} data-testid="rating-later">{mine ? t('satisfaction.cancel') : t('satisfaction.later')}</Button>
            <Button color="primary" shape="rounded" disabled={!stars} loading={save.isPending} onClick={() => save.mutate()} data-testid="rating-send">
              {t('satisfaction.send')}
            </Button>
          </div>
        </div>
      </section>
    );

  if (!mine)
    // Put off: no question any more, only a way to rate when the person wants to.
    return (
      <div className="sf-rating-later" data-testid="rating-card" data-stars={0}>
        <button type="button" className="sf-link-button" onClick={edit} data-testid="rating-open">
          {t('satisfaction.rateLater', { item: t(`satisfaction.item.${type}`) })}
        </button>
      </div>
    );

  return (
    <section className="sf-card sf-rating-card" data-testid="rating-card" data-stars={mine.stars}>
      <div className="sf-rating-card__text">
        <p className="sf-rating-card__title">{t('satisfaction.yours')}</p>
        {/* A picture of my stars, not a control: inert (no tap targets, nothing to focus), named for screen readers. */}
        <span role="img" aria-label={t('satisfaction.starsOf', { n: mine.stars })} className="sf-rating-card__stars-wrap">
          <span inert>
            <Rate readOnly value={mine.stars} className="sf-rating-card__stars" />
          </span>
        </span>
      </div>
      <Button size="small" color="primary" fill="outline" shape="rounded" onClick={edit} data-testid="rating-open">
        {t('satisfaction.edit')}
      </Button>
    </section>
  );
}
