// Gifts (/club/gifts): each open gift period I may pick from (new-year gifts): its options with what is left,
// my current pick highlighted, and picking or changing the pick until the period closes.
import { CheckCircleFill, ClockCircleOutline, GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { notify } from '../../lib/toast';
import { useConfirm } from '../../components/ConfirmDialog';
import { formatDate, formatNumber } from '../../lib/format';
import { clubErrorText, useGifts, usePickGift } from './api';
import { canPickOption, pickedOption } from './logic';
import { ClubHeader, ClubImage } from '../../components/ClubParts';
import type { GiftOption, GiftPeriod } from './types';
import './club.css';
import { ListStates } from '../../components/ListStates';

function Period({ period, onPick, busyOption }: { period: GiftPeriod; onPick: (p: GiftPeriod, o: GiftOption) => void; busyOption: string | null }) {
  const { t } = useTranslation();
  const picked = pickedOption(period);
  return (
    <section className="sf-card sf-gift-period" data-testid="gift-period" data-period-id={period.id} aria-labelledby={`gift-${period.id}`}>
      <h2 id={`gift-${period.id}`} className="sf-gift-period__name">{period.name}</h2>
      {period.endAt ? (
        <p className="sf-gift-period__closes"><ClockCircleOutline aria-hidden="true" /> {t('clubScreens.gifts.closes', { date: formatDate(period.endAt, true) })}</p>
      ) : null}
      <p className={`sf-gift-period__picked ${picked ? 'is-picked' : ''}`} data-testid="gift-picked" aria-live="polite">
        {picked ? (
          <><CheckCircleFill aria-hidden="true" /> {t('clubScreens.gifts.youPicked', { title: picked.title })}{period.pick ? <span className="sf-gift-period__when"> · {formatDate(period.pick.pickedAt, true)}</span> : null}</>
        ) : (
          t('clubScreens.gifts.pickOne')
        )}
      </p>
      {picked ? <p className="sf-gift-period__hint">{t('clubScreens.gifts.changeHint')}</p> : null}
      <ul className="sf-gift-grid">
        {period.options.map((o) => {
          const isPicked = period.pick?.optionId === o.id;
          const can = canPickOption(period, o);
          const busy = busyOption === o.id;
          return (
            <li key={o.id}>
              <button
                type="button"
                className={`sf-gift-option ${isPicked ? 'is-picked' : ''} ${!isPicked && o.left <= 0 ? 'is-out' : ''}`}
                data-testid="gift-option"
                data-option-id={o.id}
                data-picked={isPicked ? 'true' : 'false'}
                aria-pressed={isPicked}
                disabled={!can || busyOption !== null}
                aria-busy={busy || undefined}
                onClick={() => onPick(period, o)}
              >
                <span className="sf-gift-option__image">
                  <ClubImage media={o.image} alt="" sizes="(max-width: 600px) 50vw, 280px" />
                  {isPicked ? <span className="sf-gift-option__check"><CheckCircleFill aria-hidden="true" /> {t('clubScreens.gifts.yourPick')}</span> : null}
                </span>
                <span className="sf-gift-option__title">{o.title}</span>
                <span className={`sf-gift-option__left ${o.left <= 0 ? 'is-out' : ''}`}>
                  {busy ? t('clubScreens.gifts.saving') : o.left <= 0 && !isPicked ? t('clubScreens.gifts.out') : t('clubScreens.gifts.left', { count: o.left, n: formatNumber(o.left) })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function GiftsPage() {
  const { t } = useTranslation();
  const list = useGifts();
  const { data } = list;
  const pick = usePickGift();
  const [dialog, ask] = useConfirm();

  const onPick = (period: GiftPeriod, option: GiftOption) => {
    const current = pickedOption(period);
    ask({
      title: current ? t('clubScreens.gifts.changeTitle') : t('clubScreens.gifts.pickTitle'),
      content: current ? t('clubScreens.gifts.changeBody', { from: current.title, to: option.title }) : t('clubScreens.gifts.pickBody', { title: option.title }),
      confirmText: current ? t('clubScreens.gifts.change') : t('clubScreens.gifts.pick'),
      cancelText: t('common.cancel'),
      testId: 'gift-pick',
      onConfirm: async () => {
        try {
          await pick.mutateAsync({ periodId: period.id, optionId: option.id });
          notify.success(t('clubScreens.gifts.picked', { title: option.title }), `gift-${period.id}`);
        } catch (e) {
          notify.error(clubErrorText(t, e), `gift-${period.id}`);
        }
      },
    });
  };

  return (
    <div className="sf-page sf-club-page">
      <ClubHeader title={t('clubScreens.gifts.title')} subtitle={t('clubScreens.gifts.subtitle')} />
      <ListStates
        query={list}
        items={data?.periods}
        errorText={t('clubScreens.loadError')}
        empty={<EmptyState icon={<GiftOutline />} title={t('clubScreens.gifts.emptyTitle')} body={t('clubScreens.gifts.emptyBody')} />}
      >
        {(items) => items.map((p) => <Period key={p.id} period={p} onPick={onPick} busyOption={pick.isPending && pick.variables?.periodId === p.id ? pick.variables.optionId : null} />)}
      </ListStates>
      {dialog}
    </div>
  );
}
