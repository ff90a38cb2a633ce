// The sticker book on a profile: one page per set, a grid of its stickers in the set's order. Owned ones in
// colour with ×N for duplicates; missing ones as silhouettes (the picture blacked out by a CSS filter); the
// rarity as the tile's ring and a small label.
import { Skeleton } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatNumber } from '../../lib/format';
import { useStickers } from './api';
import { rarityRank, stickerBook } from './logic';
import { LoadFailed, Pic } from './parts';
import type { Sticker } from './types';

function rarityName(t: (k: string) => string, rarity: string): string {
  return t(`recognition.rarity.${['common', 'rare', 'epic', 'legendary'][rarityRank(rarity)]}`);
}

function StickerTile({ sticker }: { sticker: Sticker }) {
  const { t } = useTranslation();
  const owned = sticker.count > 0;
  const rarity = rarityName(t, sticker.rarity);
  const level = ['common', 'rare', 'epic', 'legendary'][rarityRank(sticker.rarity)];
  return (
    <li
      className={`sf-sticker sf-sticker--${level} ${owned ? '' : 'is-missing'}`}
      data-testid="sticker"
      data-sticker-id={sticker.id}
      data-owned={owned ? 'true' : 'false'}
      data-count={sticker.count}
      data-rarity={level}
      aria-label={owned ? t('recognition.stickers.owned', { name: sticker.name, rarity, n: formatNumber(sticker.count) }) : t('recognition.stickers.missing', { rarity })}
    >
      <span className="sf-sticker__frame">
        <Pic picture={sticker.image} size={64} className="sf-sticker__pic" />
        {sticker.count > 1 ? <span className="sf-sticker__count" aria-hidden="true">×{formatNumber(sticker.count)}</span> : null}
      </span>
      <span className="sf-sticker__name" aria-hidden="true">{owned ? sticker.name : '?'}</span>
      <span className={`sf-sticker__rarity sf-rarity--${level}`} aria-hidden="true">{rarity}</span>
    </li>
  );
}

export function StickerBook({ userId, mine }: { userId: string; mine: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useStickers(userId, mine);
  // `?tab=stickers` (the link of a sticker_earned notification) brings the book into view.
  const [params] = useSearchParams();
  const ref = useRef<HTMLElement>(null);
  const wanted = params.get('tab') === 'stickers';
  useEffect(() => {
    if (wanted && data) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [wanted, data]);
  const book = stickerBook(data?.sets);
  return (
    <section ref={ref} className="sf-card sf-sticker-book" aria-labelledby="sticker-book-title" data-testid="sticker-book">
      <header className="sf-rec-head">
        <h3 id="sticker-book-title" className="sf-card__title">{t('recognition.stickers.title')}</h3>
        {book.total ? <span className="sf-rec-head__count">{t('recognition.stickers.collected', { owned: formatNumber(book.owned), total: formatNumber(book.total) })}</span> : null}
      </header>
      {isLoading ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : isError ? (
        <LoadFailed text={t('recognition.stickers.loadError')} onRetry={() => void refetch()} />
      ) : !book.owned ? (
        <p className="sf-rec-empty">
          <strong>{mine ? t('recognition.stickers.emptyTitle') : t('recognition.stickers.emptyOther')}</strong>
          {mine ? <span>{t('recognition.stickers.emptyBody')}</span> : null}
        </p>
      ) : null}
      {/* My own book shows every set, even before the first sticker: the silhouettes are what to collect. */}
      {book.owned || mine
        ? book.pages.map((page) => (
            <section key={page.set.id} className="sf-sticker-set" data-set-id={page.set.id} aria-labelledby={`sticker-set-${page.set.id}`}>
              <header className="sf-sticker-set__head">
                <Pic picture={page.set.image} size={28} className="sf-sticker-set__pic" />
                <h4 id={`sticker-set-${page.set.id}`} className="sf-sticker-set__name">{page.set.name}</h4>
                <span className={`sf-sticker-set__count ${page.complete ? 'is-complete' : ''}`}>
                  {page.complete ? t('recognition.stickers.complete') : t('recognition.stickers.setCount', { owned: formatNumber(page.owned), total: formatNumber(page.total) })}
                </span>
              </header>
              {page.duplicates ? <p className="sf-sticker-set__dupes">{t('recognition.stickers.duplicates', { count: page.duplicates, n: formatNumber(page.duplicates) })}</p> : null}
              <ul className="sf-sticker-grid">
                {page.stickers.map((s) => <StickerTile key={s.id} sticker={s} />)}
              </ul>
            </section>
          ))
        : null}
    </section>
  );
}
