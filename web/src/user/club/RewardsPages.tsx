// Rewards (/club/rewards): a grid of what my points buy; a reward (/club/rewards/:id) with its description and
// the Redeem sheet (pickup at a store or delivery, balance now → after, one Idempotency-Key per confirmation).
import { Button, Popup, Selector, Skeleton } from 'antd-mobile';
import { ClockCircleOutline, GiftOutline, RightOutline, TruckOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { Prose } from '../../components/Prose';
import { formatDate, formatNumber } from '../../lib/format';
import { newIdempotencyKey } from '../../lib/idempotency';
import { clubErrorText, useRedeem, useReward, useRewards } from './api';
import {
  ADDRESS_FIELDS, addressDraft, addressProblems, balanceAfter, canConfirm, defaultMethod, defaultStoreId, limitLeft,
  pointsShort, redeemBlockReason, redeemBody, type AddressDraft, type AddressField, type RedeemBlock, type RedeemMethod,
} from './logic';
import { ClubHeader, ClubImage, Points } from '../../components/ClubParts';
import type { Reward, RewardDetailAnswer } from './types';
import './club.css';
import { ListStates } from '../../components/ListStates';
import { LoadError } from '../../components/LoadError';

/** "3 left", "Limit 1 each", "Until 31 May 2569" chips of a reward. */
function RewardFacts({ reward, compact }: { reward: Reward; compact?: boolean }) {
  const { t } = useTranslation();
  const mineLeft = limitLeft(reward);
  return (
    <ul className={`sf-reward-facts ${compact ? 'is-compact' : ''}`}>
      <li className={reward.left <= 0 ? 'is-out' : reward.left <= 5 ? 'is-low' : ''} data-testid="reward-left">
        {reward.left <= 0 ? t('clubScreens.rewards.outOfStock') : t('clubScreens.rewards.left', { count: reward.left, n: formatNumber(reward.left) })}
      </li>
      {reward.limit != null ? (
        <li>{compact ? t('clubScreens.rewards.limitShort', { n: formatNumber(reward.limit) }) : t('clubScreens.rewards.limit', { n: formatNumber(reward.limit), left: formatNumber(mineLeft ?? 0) })}</li>
      ) : null}
      {reward.endAt ? (
        <li><ClockCircleOutline aria-hidden="true" /> {t('clubScreens.rewards.until', { date: formatDate(reward.endAt) })}</li>
      ) : null}
    </ul>
  );
}

function RewardCard({ reward, balance }: { reward: Reward; balance: number }) {
  const { t } = useTranslation();
  const block = redeemBlockReason(reward, balance);
  return (
    <li>
      <Link to={`/club/rewards/${encodeURIComponent(reward.id)}`} className={`sf-reward-card ${block ? 'is-blocked' : ''}`} data-testid="reward-card" data-reward-id={reward.id}>
        <span className="sf-reward-card__image">
          <ClubImage media={reward.image} alt="" sizes="(max-width: 600px) 50vw, 280px" />
          {reward.left <= 0 ? <span className="sf-reward-card__badge is-out">{t('clubScreens.rewards.outOfStock')}</span> : null}
        </span>
        <span className="sf-reward-card__body">
          <span className="sf-reward-card__title">{reward.title}</span>
          <Points value={reward.cost} className="sf-reward-card__cost" />
          <RewardFacts reward={reward} compact />
          {block === 'insufficientPoints' ? (
            <span className="sf-reward-card__hint">{t('clubScreens.rewards.short', { n: formatNumber(pointsShort(balance, reward.cost)) })}</span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

export function RewardsPage() {
  const { t } = useTranslation();
  const list = useRewards();
  const { data } = list;
  return (
    <div className="sf-page sf-club-page">
      <ClubHeader
        title={t('clubScreens.rewards.title')}
        subtitle={t('clubScreens.rewards.subtitle')}
        extra={data ? <Points value={data.balance} className="sf-club-balance-pill" testId="rewards-balance" /> : null}
      />
      <Link to="/club/redemptions" className="sf-club-inline-link">
        <GiftOutline aria-hidden="true" /> {t('clubScreens.redemptions.title')} <RightOutline aria-hidden="true" />
      </Link>
      <ListStates
        query={list}
        items={data?.items}
        errorText={t('clubScreens.loadError')}
        loading={
          <ul className="sf-reward-grid" aria-busy="true">
            {[0, 1, 2, 3].map((i) => <li key={i}><Skeleton animated className="sf-reward-grid__skeleton" /></li>)}
          </ul>
        }
        empty={<EmptyState icon={<GiftOutline />} title={t('clubScreens.rewards.emptyTitle')} body={t('clubScreens.rewards.emptyBody')} />}
      >
        {(items) => (
          <ul className="sf-reward-grid">
            {items.map((r) => <RewardCard key={r.id} reward={r} balance={data?.balance ?? 0} />)}
          </ul>
        )}
      </ListStates>
    </div>
  );
}

// ---------- One reward ----------

const blockText = (t: (k: string, o?: Record<string, unknown>) => string, block: RedeemBlock, reward: Reward, balance: number) =>
  block === 'insufficientPoints'
    ? t('clubScreens.block.insufficientPoints', { n: formatNumber(pointsShort(balance, reward.cost)) })
    : block === 'notStarted'
      ? t('clubScreens.block.notStarted', { date: formatDate(reward.startAt, true) })
      : t(`clubScreens.block.${block}`);

export function RewardPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, isLoading, isError, error, refetch } = useReward(id);
  const [open, setOpen] = useState(false);
  const notFound = error instanceof ApiError && error.status === 404;

  if (isLoading)
    return (
      <div className="sf-page sf-club-page" aria-busy="true">
        <ClubHeader title={t('clubScreens.rewards.title')} to="/club/rewards" backLabel={t('clubScreens.rewards.title')} />
        <Skeleton animated className="sf-reward-hero__skeleton" />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  if (isError || !data)
    return (
      <div className="sf-page sf-club-page">
        <ClubHeader title={t('clubScreens.rewards.title')} to="/club/rewards" backLabel={t('clubScreens.rewards.title')} />
        {notFound ? (
          <EmptyState icon={<GiftOutline />} title={t('clubScreens.rewards.notFound')} action={<Link className="sf-link-button" to="/club/rewards">{t('clubScreens.rewards.backToRewards')}</Link>} />
        ) : (
          <LoadError text={t('clubScreens.loadError')} onRetry={() => void refetch()} />
        )}
      </div>
    );

  const { item, balance } = data;
  const block = redeemBlockReason(item, balance);
  return (
    <div className="sf-page sf-club-page sf-reward-page">
      <ClubHeader title={item.title} to="/club/rewards" backLabel={t('clubScreens.rewards.title')} />
      <div className="sf-reward-hero">
        <ClubImage media={item.image} alt={item.title} sizes="(max-width: 600px) 100vw, 600px" priority />
      </div>
      <section className="sf-card sf-reward-info">
        <div className="sf-reward-info__cost">
          <Points value={item.cost} className="sf-club-points--big" testId="reward-cost" />
        </div>
        <RewardFacts reward={item} />
        <ul className="sf-reward-methods">
          {item.pickup ? <li><ShopbagOutline aria-hidden="true" /> {t('clubScreens.redeem.pickup')}</li> : null}
          {item.delivery ? <li><TruckOutline aria-hidden="true" /> {t('clubScreens.redeem.delivery')}</li> : null}
        </ul>
      </section>
      {item.description ? (
        <section className="sf-card" aria-labelledby="reward-about">
          <h2 id="reward-about" className="sf-card__title">{t('clubScreens.rewards.about')}</h2>
          <Prose html={item.description} className="sf-reward-description" />
        </section>
      ) : null}

      <div className="sf-redeem-bar">
        <div className="sf-redeem-bar__balance">
          <span className="sf-redeem-bar__label">{t('clubScreens.balanceNow')}</span>
          <Points value={balance} testId="redeem-balance" />
        </div>
        <div className="sf-redeem-bar__action">
          <Button color="primary" shape="rounded" size="large" disabled={!!block} onClick={() => setOpen(true)} data-testid="redeem-button">
            {t('clubScreens.redeem.button')}
          </Button>
          {block ? <p className="sf-redeem-bar__reason" data-testid="redeem-blocked" data-reason={block}>{blockText(t, block, item, balance)}</p> : null}
        </div>
      </div>

      {/* Mounted per opening: a new confirmation has a new Idempotency-Key and fresh choices. */}
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="sf-redeem-sheet" showCloseButton destroyOnClose>
        <RedeemSheet data={data} onClose={() => setOpen(false)} />
      </Popup>
    </div>
  );
}

const FIELD_INPUT: Record<AddressField, { autoComplete: string; inputMode?: 'tel' | 'numeric' | 'text'; maxLength: number }> = {
  name: { autoComplete: 'name', maxLength: 100 },
  phone: { autoComplete: 'tel', inputMode: 'tel', maxLength: 20 },
  line1: { autoComplete: 'address-line1', maxLength: 200 },
  line2: { autoComplete: 'address-line2', maxLength: 200 },
  district: { autoComplete: 'address-level3', maxLength: 100 },
  province: { autoComplete: 'address-level1', maxLength: 100 },
  postcode: { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 5 },
};

/** Brings the first field to fix into view (above the sheet's sticky buttons) and focuses it. */
function focusFirstProblem(problems: Partial<Record<AddressField, unknown>>) {
  const first = ADDRESS_FIELDS.find((f) => problems[f]);
  if (!first) return;
  requestAnimationFrame(() => {
    const el = document.getElementById(`addr-${first}`);
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el?.focus({ preventScroll: true });
  });
}

function RedeemSheet({ data, onClose }: { data: RewardDetailAnswer; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { item, balance, stores, myStore } = data;
  const redeem = useRedeem(item.id);
  const [method, setMethod] = useState<RedeemMethod>(() => defaultMethod(item));
  const [storeId, setStoreId] = useState(() => defaultStoreId(myStore, stores));
  const [address, setAddress] = useState<AddressDraft>(() => addressDraft(data.address));
  const [showProblems, setShowProblems] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per confirmation: a double tap or a retry after a lost answer reuses it, so nothing is spent twice.
  const key = useRef(newIdempotencyKey());
  const problems = useMemo(() => addressProblems(address), [address]);
  const after = balanceAfter(balance, item.cost);
  const storeOptions = myStore && !stores.some((s) => s.id === myStore.id) ? [myStore, ...stores] : stores;

  const confirm = () => {
    if (redeem.isPending) return;
    if (!canConfirm(method, address)) {
      setShowProblems(true);
      focusFirstProblem(problems);
      return;
    }
    setError(null);
    redeem.mutate(
      { body: redeemBody(method, storeId, address), key: key.current },
      {
        onSuccess: () => {
          notify.success(t('clubScreens.redeem.success', { title: item.title }), `redeem-${item.id}`);
          onClose();
          navigate('/club/redemptions');
        },
        onError: (e) => {
          // The server answered (4xx): nothing was spent, so the next try is a new request with a new key.
          // Otherwise (network, 5xx) the first request may have gone through: keep the key.
          if (e instanceof ApiError && e.status >= 400 && e.status < 500) key.current = newIdempotencyKey();
          if (e instanceof ApiError && e.code === 'ADDRESS_REQUIRED') {
            setShowProblems(true);
            focusFirstProblem(problems);
          }
          setError(clubErrorText(t, e, 'offlineActions.redeem'));
        },
      },
    );
  };

  return (
    <form
      className="sf-redeem-sheet__form"
      onSubmit={(e) => {
        e.preventDefault();
        confirm();
      }}
      noValidate
    >
      <h2 className="sf-redeem-sheet__title">{t('clubScreens.redeem.confirmTitle')}</h2>
      <div className="sf-redeem-sheet__reward">
        <span className="sf-redeem-sheet__thumb"><ClubImage media={item.image} alt="" sizes="64px" /></span>
        <span className="sf-redeem-sheet__name">{item.title}</span>
      </div>

      <dl className="sf-redeem-sheet__sum" aria-label={t('clubScreens.redeem.summary')}>
        <div><dt>{t('clubScreens.balanceNow')}</dt><dd>{formatNumber(balance)}</dd></div>
        <div><dt>{t('clubScreens.redeem.cost')}</dt><dd className="is-minus">−{formatNumber(item.cost)}</dd></div>
        <div className="is-total">
          <dt>{t('clubScreens.balanceAfter')}</dt>
          <dd data-testid="redeem-balance-after" data-value={after}>{formatNumber(after)} {t('clubScreens.pointsUnit')}</dd>
        </div>
      </dl>

      {item.pickup && item.delivery ? (
        <Selector
          className="sf-selector sf-redeem-sheet__methods"
          columns={2}
          value={[method]}
          onChange={(v) => v[0] && setMethod(v[0])}
          options={[
            { label: t('clubScreens.redeem.pickup'), value: 'pickup' as RedeemMethod },
            { label: t('clubScreens.redeem.delivery'), value: 'delivery' as RedeemMethod },
          ]}
        />
      ) : null}

      {method === 'pickup' ? (
        <div className="sf-field">
          <label className="sf-field__label" htmlFor="redeem-store">{t('clubScreens.redeem.store')}</label>
          <div className="sf-field__control">
            <select id="redeem-store" className="sf-redeem-sheet__select" value={storeId} onChange={(e) => setStoreId(e.target.value)} data-testid="redeem-store">
              {storeOptions.length === 0 ? <option value="">{t('clubScreens.redeem.myStore')}</option> : null}
              {storeOptions.map((s) => (
                <option key={s.id} value={s.id}>{s.id === myStore?.id ? t('clubScreens.redeem.ownStore', { name: s.name }) : s.name}</option>
              ))}
            </select>
          </div>
        </div>
      ) : (
        <fieldset className="sf-address">
          <legend className="sf-field__label">{t('clubScreens.redeem.address')}</legend>
          {data.address ? <p className="sf-address__hint">{t('clubScreens.redeem.addressRemembered')}</p> : null}
          {ADDRESS_FIELDS.map((f) => {
            const problem = showProblems ? problems[f] : undefined;
            return (
              <div key={f} className={`sf-field sf-address__${f}`}>
                <label className="sf-field__label" htmlFor={`addr-${f}`}>
                  {t(`clubScreens.address.${f}`)}{f === 'line2' ? <span className="sf-address__optional"> {t('clubScreens.address.optional')}</span> : null}
                </label>
                <div className={`sf-field__control ${problem ? 'is-invalid' : ''}`}>
                  <input
                    id={`addr-${f}`}
                    name={f}
                    className="sf-address__input"
                    value={address[f]}
                    onChange={(e) => setAddress((a) => ({ ...a, [f]: e.target.value }))}
                    autoComplete={FIELD_INPUT[f].autoComplete}
                    inputMode={FIELD_INPUT[f].inputMode}
                    maxLength={FIELD_INPUT[f].maxLength}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `addr-${f}-error` : undefined}
                  />
                </div>
                {problem ? <p id={`addr-${f}-error`} className="sf-field__error">{t(`clubScreens.address.${problem}`)}</p> : null}
              </div>
            );
          })}
        </fieldset>
      )}

      {error ? <p className="sf-alert" role="alert" data-testid="redeem-error">{error}</p> : null}

      <div className="sf-redeem-sheet__actions">
        <Button block color="primary" size="large" shape="rounded" type="submit" loading={redeem.isPending} disabled={redeem.isPending} data-testid="redeem-confirm">
          {t('clubScreens.redeem.confirm', { n: formatNumber(item.cost) })}
        </Button>
        <Button block fill="none" size="middle" onClick={onClose} className="sf-redeem-sheet__cancel">{t('common.cancel')}</Button>
      </div>
    </form>
  );
}
