// The rating card on a completed content or course or an attended event's page, and its sheet: 1-5 stars and
// an optional comment (PUT /api/satisfaction/:type/:id, an edit when rated before). The sheet opens by itself
// once, right after completing (the server's `asked`); "Not now" puts it off for good (…/dismiss).
import './i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popup, Rate, TextArea } from 'antd-mobile';
import { useEffect, useState } from 'react';
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
  const [open, setOpen] = useState(false);
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');

  // The sheet starts from my rating (an edit) or empty.
  const show = () => {
    setStars(data?.rating?.stars ?? 0);
    setComment(data?.rating?.comment ?? '');
    setOpen(true);
  };
  // Asked once: right after completing, a moment after the page's own celebration.
  useEffect(() => {
    if (!data?.asked) return;
    const timer = setTimeout(() => setOpen(true), 1200);
    return () => clearTimeout(timer);
  }, [data?.asked]);

  const save = useMutation({
    mutationFn: () => api(url(type, id), { method: 'PUT', body: { stars, comment: comment.trim() ? comment : null } }),
    onSuccess: () => {
      notify.success(t('satisfaction.thanks'));
      setOpen(false);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (e) => notify.error(e instanceof ApiError ? Object.values(e.fields)[0] || e.message : t('satisfaction.error')),
  });
  const later = () => {
    setOpen(false);
    if (data?.asked && !data.rating) void api(`${url(type, id)}/dismiss`, { method: 'POST', body: {} }).then(() => client.invalidateQueries({ queryKey: key })).catch(() => undefined);
  };

  if (!data?.rateable) return null;
  const mine = data.rating;
  return (
    <>
      <section className="sf-card sf-rating-card" data-testid="rating-card" data-stars={mine?.stars ?? 0}>
        <div className="sf-rating-card__text">
          <p className="sf-rating-card__title">{mine ? t('satisfaction.yours') : t(`satisfaction.ask.${type}`)}</p>
          {mine ? <Rate readOnly value={mine.stars} className="sf-rating-card__stars" /> : null}
        </div>
        <Button size="small" color="primary" fill={mine ? 'outline' : 'solid'} shape="rounded" onClick={show} data-testid="rating-open">
          {mine ? t('satisfaction.edit') : t('satisfaction.rate')}
        </Button>
      </section>
      <Popup visible={open} onMaskClick={later} onClose={later} bodyClassName="sf-rating-sheet" destroyOnClose>
        <div data-testid="rating-sheet">
          <h2 className="sf-rating-sheet__title">{t(`satisfaction.ask.${type}`)}</h2>
          <p className="sf-rating-sheet__item">{data.item.title}</p>
          <Rate value={stars} onChange={setStars} className="sf-rating-sheet__stars" aria-label={t('satisfaction.stars')} />
          <p className="sf-rating-sheet__hint" aria-live="polite">{stars ? t(`satisfaction.level.${stars}`) : t('satisfaction.tapStars')}</p>
          <TextArea
            value={comment}
            onChange={setComment}
            placeholder={t('satisfaction.commentHint')}
            maxLength={COMMENT_MAX}
            rows={3}
            autoSize={{ minRows: 3, maxRows: 6 }}
            aria-label={t('satisfaction.comment')}
            data-testid="rating-comment"
          />
          <div className="sf-rating-sheet__actions">
            <Button fill="none" onClick={later} data-testid="rating-later">{mine ? t('satisfaction.cancel') : t('satisfaction.later')}</Button>
            <Button color="primary" shape="rounded" disabled={!stars} loading={save.isPending} onClick={() => save.mutate()} data-testid="rating-send">
              {t('satisfaction.send')}
            </Button>
          </div>
        </div>
      </Popup>
    </>
  );
}
