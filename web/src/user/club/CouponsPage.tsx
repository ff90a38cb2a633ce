// Coupons (/club/coupons): partner coupons to claim (one code each, Idempotency-Key per claim) and my claimed
// coupons; a claimed coupon opens (?coupon=<claimId>) with its code, QR and barcode for the cashier.
import { Button, Popup, Skeleton, Tabs, Tag } from 'antd-mobile';
import { ClockCircleOutline, CouponOutline, RightOutline } from 'antd-mobile-icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { formatDate, formatNumber } from '../../lib/format';
import { clubErrorText, useClaimCoupon, useCoupons } from './api';
import { newIdempotencyKey } from '../../lib/idempotency';
import { claimBlockReason, claimState, daysUntil, sortClaims } from './logic';
import { CouponCode } from './CouponCode';
import { ClubHeader, ClubImage } from '../../components/ClubParts';
import type { CouponBatch, CouponBatchRef, CouponClaim } from './types';
import './club.css';
import { LoadError } from '../../components/LoadError';

function Expiry({ iso }: { iso: string | null }) {
  const { t } = useTranslation();
  if (!iso) return <span className="sf-coupon__expiry">{t('clubScreens.coupons.noExpiry')}</span>;
  const days = daysUntil(iso);
  const soon = days > 0 && days <= 7;
  return (
    <span className={`sf-coupon__expiry ${soon ? 'is-soon' : ''}`}>
      <ClockCircleOutline aria-hidden="true" /> {t('clubScreens.coupons.expires', { date: formatDate(iso) })}
      {soon ? ` · ${t('clubScreens.coupons.daysLeft', { count: days, n: formatNumber(days) })}` : ''}
    </span>
  );
}

function CouponFace({ batch }: { batch: CouponBatchRef }) {
  return (
    <>
      <span className="sf-coupon__image"><ClubImage media={batch.image} alt="" sizes="88px" icon={<CouponOutline />} /></span>
      <span className="sf-coupon__text">
        <span className="sf-coupon__partner">{batch.partner}</span>
        <span className="sf-coupon__value">{batch.valueText}</span>
        <span className="sf-coupon__title">{batch.title}</span>
      </span>
    </>
  );
}

function BatchCard({ batch, onClaimed }: { batch: CouponBatch; onClaimed: (c: CouponClaim) => void }) {
  const { t } = useTranslation();
  const claim = useClaimCoupon();
  // One key per batch card until the server answers: a double tap or a retry after a lost answer claims once.
  const key = useRef(newIdempotencyKey());
  const block = claimBlockReason(batch);
  const onClaim = () => {
    if (claim.isPending) return;
    claim.mutate(
      { batchId: batch.id, key: key.current },
      {
        onSuccess: ({ claim: c }) => {
          key.current = newIdempotencyKey();
          notify.success(t('clubScreens.coupons.claimed'), `claim-${batch.id}`);
          onClaimed(c);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status >= 400 && e.status < 500) key.current = newIdempotencyKey();
          notify.error(clubErrorText(t, e), `claim-${batch.id}`);
        },
      },
    );
  };
  return (
    <li className={`sf-coupon ${block ? 'is-blocked' : ''}`} data-testid="coupon-batch" data-batch-id={batch.id}>
      <div className="sf-coupon__face"><CouponFace batch={batch} /></div>
      <div className="sf-coupon__foot">
        <span className="sf-coupon__facts">
          <Expiry iso={batch.expiresAt} />
          <span className={`sf-coupon__left ${batch.left <= 0 ? 'is-out' : ''}`}>
            {batch.left <= 0 ? t('clubScreens.coupons.outOfStock') : t('clubScreens.coupons.left', { count: batch.left, n: formatNumber(batch.left) })}
            {batch.claimed > 0 ? ` · ${t('clubScreens.coupons.youHave', { n: formatNumber(batch.claimed) })}` : ''}
          </span>
        </span>
        <Button size="small" shape="rounded" color="primary" disabled={!!block || claim.isPending} loading={claim.isPending} onClick={onClaim} data-testid="coupon-claim">
          {block ? t(`clubScreens.coupons.block.${block}`) : t('clubScreens.coupons.claim')}
        </Button>
      </div>
    </li>
  );
}

function ClaimRow({ claim, onOpen }: { claim: CouponClaim; onOpen: () => void }) {
  const { t } = useTranslation();
  const state = claimState(claim);
  return (
    <li>
      <button type="button" className={`sf-coupon sf-coupon--mine is-${state}`} onClick={onOpen} data-testid="my-coupon" data-state={state} data-claim-id={claim.id}>
        <span className="sf-coupon__face">
          <CouponFace batch={claim.batch} />
          <RightOutline className="sf-coupon__chevron" aria-hidden="true" />
        </span>
        <span className="sf-coupon__foot">
          <Expiry iso={claim.batch.expiresAt} />
          {state === 'used' ? (
            <Tag round color="default">{t('clubScreens.coupons.used')}</Tag>
          ) : state === 'expired' ? (
            <Tag round color="default">{t('clubScreens.coupons.expired')}</Tag>
          ) : (
            <Tag round color="success">{t('clubScreens.coupons.ready')}</Tag>
          )}
        </span>
      </button>
    </li>
  );
}

export function CouponsPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useCoupons();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mine' ? 'mine' : 'available';
  const openId = params.get('coupon');
  const mine = sortClaims(data?.mine ?? []);
  const open = openId ? (data?.mine.find((c) => c.id === openId) ?? null) : null;
  const openState = open ? claimState(open) : null;

  const setTab = (next: string) => setParams((p) => { const q = new URLSearchParams(p); q.set('tab', next); q.delete('coupon'); return q; }, { replace: true });
  const openClaim = (id: string) => setParams((p) => { const q = new URLSearchParams(p); q.set('tab', 'mine'); q.set('coupon', id); return q; });
  const closeClaim = () => setParams((p) => { const q = new URLSearchParams(p); q.delete('coupon'); return q; }, { replace: true });
  const usable = mine.filter((c) => claimState(c) === 'active').length;

  return (
    <div className="sf-page sf-club-page">
      <ClubHeader title={t('clubScreens.coupons.title')} subtitle={t('clubScreens.coupons.subtitle')} />
      <Tabs activeKey={tab} onChange={setTab} className="sf-club-tabs">
        <Tabs.Tab key="available" title={t('clubScreens.coupons.available')} />
        <Tabs.Tab key="mine" title={usable ? t('clubScreens.coupons.mineCount', { n: formatNumber(usable) }) : t('clubScreens.coupons.mine')} />
      </Tabs>
      {isError ? (
        <LoadError text={t('clubScreens.loadError')} onRetry={() => void refetch()} />
      ) : isLoading ? (
        <div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={6} animated /></div>
      ) : tab === 'available' ? (
        data?.items.length ? (
          <ul className="sf-coupon-list">
            {data.items.map((b) => <BatchCard key={b.id} batch={b} onClaimed={(c) => openClaim(c.id)} />)}
          </ul>
        ) : (
          <EmptyState icon={<CouponOutline />} title={t('clubScreens.coupons.emptyTitle')} body={t('clubScreens.coupons.emptyBody')} />
        )
      ) : mine.length ? (
        <ul className="sf-coupon-list">
          {mine.map((c) => <ClaimRow key={c.id} claim={c} onOpen={() => openClaim(c.id)} />)}
        </ul>
      ) : (
        <EmptyState icon={<CouponOutline />} title={t('clubScreens.coupons.mineEmptyTitle')} body={t('clubScreens.coupons.mineEmptyBody')} />
      )}

      <Popup visible={!!open} onMaskClick={closeClaim} onClose={closeClaim} bodyClassName="sf-coupon-sheet" showCloseButton destroyOnClose>
        {open ? (
          <div className="sf-coupon-sheet__body" data-testid="coupon-sheet" data-state={openState}>
            <div className="sf-coupon-sheet__head"><CouponFace batch={open.batch} /></div>
            {openState === 'used' ? (
              <p className="sf-coupon-sheet__state is-used">{t('clubScreens.coupons.usedOn', { date: formatDate(open.usedAt, true) })}</p>
            ) : openState === 'expired' ? (
              <p className="sf-coupon-sheet__state is-expired">{t('clubScreens.coupons.expired')}</p>
            ) : null}
            <CouponCode code={open.code} disabled={openState !== 'active'} />
            <p className="sf-coupon-sheet__meta">
              <Expiry iso={open.batch.expiresAt} /> · {t('clubScreens.coupons.claimedOn', { date: formatDate(open.claimedAt) })}
            </p>
          </div>
        ) : null}
      </Popup>
    </div>
  );
}
