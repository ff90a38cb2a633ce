// Sticker reactions on an article or a comment: the summary chips (sticker + count, mine highlighted) and a
// button that opens a picker of the stickers I own (GET /api/me/stickers, count > 0). One reaction per person:
// picking another sticker moves it, tapping my chip or "remove" takes it back (PUT …/reaction {stickerId|null}
// → {reactions}). The summaries come from GET /api/articles/:id/reactions, one read for the article and all
// its comments (the article and comment answers carry none).
// A lazy chunk with its own strings, loaded when an article page opens (app/ArticleRoute.tsx hands it to user/articles/ArticlePage.tsx).
import { Popup, Skeleton } from 'antd-mobile';
import { SmileOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { formatNumber } from '../../lib/format';
import { putReaction, reactionsFor, reactionsKey, stickersKey, useArticleReactions, useStickers, withReactions, type ReactionTarget } from './api';
import { applyReaction, myReaction, orderedReactions, reactionChoices, rarityRank } from './logic';
import { LoadFailed, Pic } from './parts';
import type { ArticleReactions, Reaction } from './types';
import './i18n';
import './recognition.css';

/** Writes a target's new summary into the page's reactions answer. */
function useStoreReactions(target: ReactionTarget) {
  const client = useQueryClient();
  return (reactions: Reaction[]) => client.setQueryData<ArticleReactions>(reactionsKey(target.articleId), (d) => withReactions(d, target, reactions));
}

function Picker({ open, mine, onPick, onClose }: { open: boolean; mine: string | null; onPick: (s: Reaction['sticker'] | null) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useStickers('', true, open);
  const groups = reactionChoices(data?.sets);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sf-reaction-sheet" showCloseButton destroyOnClose>
      <div className="sf-reaction-sheet__body" data-testid="reaction-picker" role="dialog" aria-labelledby="reaction-picker-title">
        <h2 id="reaction-picker-title" className="sf-reaction-sheet__title">{t('recognition.reactions.pickerTitle')}</h2>
        {isLoading ? (
          <Skeleton.Paragraph lineCount={3} animated />
        ) : isError ? (
          <LoadFailed text={t('recognition.reactions.loadError')} onRetry={() => void refetch()} />
        ) : !groups.length ? (
          <p className="sf-rec-empty">
            <strong>{t('recognition.reactions.noneTitle')}</strong>
            <span>{t('recognition.reactions.noneBody')}</span>
          </p>
        ) : (
          <>
            <p className="sf-reaction-sheet__hint">{t('recognition.reactions.pickerHint')}</p>
            {groups.map((g) => (
              <section key={g.set.id} className="sf-reaction-sheet__set" aria-label={g.set.name}>
                <h3 className="sf-reaction-sheet__set-name">{g.set.name}</h3>
                <ul className="sf-reaction-options">
                  {g.stickers.map((s) => {
                    const level = ['common', 'rare', 'epic', 'legendary'][rarityRank(s.rarity)];
                    return (
                      <li key={s.id}>
                        <button
                          type="button"
                          className={`sf-reaction-option sf-sticker--${level} ${mine === s.id ? 'is-mine' : ''}`}
                          aria-pressed={mine === s.id}
                          aria-label={s.name}
                          data-testid="reaction-option"
                          data-sticker-id={s.id}
                          onClick={() => onPick(mine === s.id ? null : { id: s.id, name: s.name, image: s.image })}
                        >
                          <Pic picture={s.image} size={56} />
                          <span className="sf-reaction-option__name">{s.name}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))}
          </>
        )}
        {mine ? (
          <button type="button" className="sf-reaction-sheet__remove" onClick={() => onPick(null)} data-testid="reaction-remove">
            {t('recognition.reactions.remove')}
          </button>
        ) : null}
      </div>
    </Popup>
  );
}

export function StickerReactions({ target, size = 'md' }: { target: ReactionTarget; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const store = useStoreReactions(target);
  const { data } = useArticleReactions(target.articleId);
  const reactions = useMemo(() => (data ? reactionsFor(data, { articleId: target.articleId, commentId: target.commentId }) : undefined), [data, target.articleId, target.commentId]);
  const [shown, setShown] = useState<Reaction[]>(reactions ?? []);
  const [open, setOpen] = useState(false);
  // The picker stays mounted once opened, so it can slide away and back.
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (open) setUsed(true);
  }, [open]);
  const seq = useRef(0);
  const pending = useRef(false);

  // Fresh data from a refetch, unless my own change is still on its way.
  useEffect(() => {
    if (!pending.current && reactions) setShown(reactions);
  }, [reactions]);

  const react = async (sticker: Reaction['sticker'] | null) => {
    setOpen(false);
    const before = shown;
    const optimistic = applyReaction(before, sticker);
    if (optimistic === before) return;
    const mineSeq = ++seq.current;
    pending.current = true;
    setShown(optimistic);
    try {
      const answer = await putReaction(target, sticker?.id ?? null);
      if (mineSeq !== seq.current) return;
      const next = Array.isArray(answer?.reactions) ? answer.reactions : optimistic;
      setShown(next);
      store(next);
    } catch (e) {
      if (mineSeq !== seq.current) return;
      setShown(before);
      if (e instanceof ApiError && e.status === 422 && e.fieldCodes.stickerId?.code === 'STICKER_NOT_OWNED') {
        notify.error(t('recognition.reactions.notOwned'), 'reaction-error');
        void client.invalidateQueries({ queryKey: stickersKey('me') });
      } else if (!(e instanceof ApiError && e.isNetwork)) notify.error(t('recognition.reactions.saveError'), 'reaction-error');
    } finally {
      if (mineSeq === seq.current) pending.current = false;
    }
  };

  const chips = orderedReactions(shown);
  const mine = myReaction(shown);
  return (
    <div className={`sf-reactions sf-reactions--${size}`} aria-label={t('recognition.reactions.summary')} role="group">
      {chips.map((r) => (
        <button
          key={r.sticker.id}
          type="button"
          className={`sf-reaction-chip ${r.mine ? 'is-mine' : ''}`}
          aria-pressed={r.mine}
          aria-label={r.mine ? t('recognition.reactions.chipMine', { name: r.sticker.name, n: formatNumber(r.count) }) : t('recognition.reactions.chip', { name: r.sticker.name, n: formatNumber(r.count) })}
          data-testid="reaction-chip"
          data-sticker-id={r.sticker.id}
          data-mine={r.mine ? 'true' : 'false'}
          data-count={r.count}
          onClick={() => (r.mine ? void react(null) : setOpen(true))}
        >
          <Pic picture={r.sticker.image} size={size === 'sm' ? 20 : 24} />
          <span className="sf-reaction-chip__count">{formatNumber(r.count)}</span>
        </button>
      ))}
      <button type="button" className="sf-reaction-button" onClick={() => setOpen(true)} aria-label={t('recognition.reactions.button')} aria-haspopup="dialog" data-testid="reaction-button">
        <SmileOutline aria-hidden="true" />
        {size === 'md' && !chips.length ? <span>{t('recognition.reactions.add')}</span> : <span aria-hidden="true">+</span>}
      </button>
      {open || used ? <Picker open={open} mine={mine} onPick={(s) => void react(s)} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
