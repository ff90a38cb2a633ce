// My redemptions (/club/redemptions): newest first, each with its status, its timeline
// (pending → approved → fulfilled, or rejected/cancelled with the reason) and Cancel while pending.
import { Button, Steps, Tag } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill, GiftOutline, ShopbagOutline, TruckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { notify } from '../../lib/toast';
import { useConfirm } from '../../components/ConfirmDialog';
import { formatDate, formatNumber } from '../../lib/format';
import { clubErrorText, useCancelRedemption, useRedemptions } from './api';
import { buildTimeline, canCancel, countPending, statusTone, timelineCurrent, type TimelineStep } from './logic';
import { ClubHeader, ClubImage } from '../../components/ClubParts';
import type { Redemption } from './types';
import './club.css';
import { ListStates } from '../../components/ListStates';

const stepIcon = (s: TimelineStep) =>
  s.state === 'error' ? <CloseCircleFill /> : s.state === 'finish' ? <CheckCircleFill /> : s.state === 'process' ? <ClockCircleFill /> : undefined;

function RedemptionItem({ r, onCancel, cancelling }: { r: Redemption; onCancel: (r: Redemption) => void; cancelling: boolean }) {
  const { t } = useTranslation();
  const steps = buildTimeline(r);
  return (
    <li className="sf-redemption" data-testid="redemption-item" data-status={r.status} data-redemption-id={r.id}>
      <div className="sf-redemption__head">
        <Link to={`/club/rewards/${encodeURIComponent(r.reward.id)}`} className="sf-redemption__thumb" tabIndex={-1} aria-hidden="true">
          <ClubImage media={r.reward.image} alt="" sizes="64px" />
        </Link>
        <div className="sf-redemption__text">
          <h2 className="sf-redemption__title">{r.reward.title}</h2>
          <p className="sf-redemption__meta">
            {t('clubScreens.redemptions.points', { n: formatNumber(r.cost) })} · {formatDate(r.createdAt, true)}
          </p>
        </div>
        <Tag color={statusTone(r.status)} round className="sf-redemption__tag" data-testid="redemption-status">{t(`clubScreens.status.${r.status}`)}</Tag>
      </div>

      <p className="sf-redemption__where">
        {r.method === 'pickup' ? (
          <><ShopbagOutline aria-hidden="true" /> {t('clubScreens.redemptions.pickupAt', { store: r.store?.name ?? t('clubScreens.redeem.myStore') })}</>
        ) : (
          <><TruckOutline aria-hidden="true" /> {t('clubScreens.redemptions.deliverTo', { name: r.address?.name ?? '', place: [r.address?.district, r.address?.province].filter(Boolean).join(', ') })}</>
        )}
      </p>

      <Steps direction="vertical" current={timelineCurrent(steps)} className="sf-redemption__steps">
        {steps.map((s) => (
          <Steps.Step
            key={s.status}
            status={s.state}
            icon={stepIcon(s)}
            title={t(`clubScreens.step.${s.status}`)}
            description={
              s.at || s.reason ? (
                <>
                  {s.at ? <span className="sf-redemption__when">{formatDate(s.at, true)}</span> : null}
                  {s.reason ? <span className="sf-redemption__reason" data-testid="redemption-reason">{t('clubScreens.redemptions.reason', { reason: s.reason })}</span> : null}
                </>
              ) : undefined
            }
          />
        ))}
      </Steps>

      {canCancel(r) ? (
        <Button size="small" shape="rounded" fill="outline" color="danger" onClick={() => onCancel(r)} loading={cancelling} disabled={cancelling} data-testid="redemption-cancel">
          {t('clubScreens.redemptions.cancel')}
        </Button>
      ) : null}
    </li>
  );
}

export function RedemptionsPage() {
  const { t } = useTranslation();
  const list = useRedemptions();
  const { data } = list;
  const cancel = useCancelRedemption();
  const [dialog, ask] = useConfirm();
  const pending = countPending(data?.items ?? []);

  const onCancel = (r: Redemption) =>
    ask({
      title: t('clubScreens.redemptions.cancelTitle'),
      content: t('clubScreens.redemptions.cancelBody', { title: r.reward.title, n: formatNumber(r.cost) }),
      confirmText: t('clubScreens.redemptions.cancelConfirm'),
      cancelText: t('clubScreens.redemptions.keep'),
      danger: true,
      testId: 'cancel-redemption',
      onConfirm: async () => {
        try {
          await cancel.mutateAsync(r.id);
          notify.success(t('clubScreens.redemptions.cancelled', { n: formatNumber(r.cost) }), `cancel-${r.id}`);
        } catch (e) {
          notify.error(clubErrorText(t, e), `cancel-${r.id}`);
        }
      },
    });

  return (
    <div className="sf-page sf-club-page">
      <ClubHeader
        title={t('clubScreens.redemptions.title')}
        subtitle={pending ? t('clubScreens.redemptions.pendingCount', { count: pending, n: formatNumber(pending) }) : t('clubScreens.redemptions.subtitle')}
      />
      <ListStates
        query={list}
        items={data?.items}
        errorText={t('clubScreens.loadError')}
        empty={
          <EmptyState
            icon={<GiftOutline />}
            title={t('clubScreens.redemptions.emptyTitle')}
            body={t('clubScreens.redemptions.emptyBody')}
            action={<Link className="sf-link-button" to="/club/rewards">{t('clubScreens.redemptions.browse')}</Link>}
          />
        }
      >
        {(items) => (
          <ul className="sf-redemption-list">
            {items.map((r) => (
              <RedemptionItem key={r.id} r={r} onCancel={onCancel} cancelling={cancel.isPending && cancel.variables === r.id} />
            ))}
          </ul>
        )}
      </ListStates>
      {dialog}
    </div>
  );
}
