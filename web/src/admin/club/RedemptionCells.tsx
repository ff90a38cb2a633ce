// How one redemption reads in the queue: the person, the reward, how it is handed over, its status, and
// (expanded) the address and the status timeline.
import { Tag, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useLocale } from '../resources/format';
import type { AdminRedemption } from './api';
import { ThumbImage } from '../resources/ClubThumb';

export const STATUS_COLOR: Record<string, string> = { pending: 'gold', approved: 'blue', fulfilled: 'green', rejected: 'red', cancelled: 'default' };

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status] ?? 'default'}>{t(`clubAdmin.status.${status}`, { defaultValue: status })}</Tag>;
}

export function PersonCell({ person }: { person: { name: string; employeeId: string } | null | undefined }) {
  if (!person) return <span className="sf-res__muted">—</span>;
  return (
    <span className="sf-club-person" title={`${person.name} · ${person.employeeId}`}>
      <span className="sf-club-person__name">{person.name}</span>
      <span className="sf-res__muted sf-club-person__id">{person.employeeId}</span>
    </span>
  );
}

export function RewardCell({ r }: { r: AdminRedemption }) {
  return (
    <span className="sf-club-reward" title={r.reward?.title ?? ''}>
      <ThumbImage url={r.reward?.image?.url} size={40} />
      <span className="sf-club-reward__title">{r.reward?.title ?? ''}</span>
    </span>
  );
}

export function MethodCell({ r }: { r: AdminRedemption }) {
  const { t } = useTranslation();
  if (r.method === 'delivery')
    return (
      <span className="sf-club-method">
        <Tag className="sf-res__tag">{t('clubAdmin.method.delivery')}</Tag>
        <span className="sf-res__muted">{r.address ? [r.address.district, r.address.province].filter(Boolean).join(', ') : ''}</span>
      </span>
    );
  return (
    <span className="sf-club-method">
      <Tag className="sf-res__tag">{t('clubAdmin.method.pickup')}</Tag>
      <span>{r.store?.name ?? ''}</span>
    </span>
  );
}

export function RedemptionDetails({ r }: { r: AdminRedemption }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const a = r.address;
  return (
    <div className="sf-club-details">
      {a ? (
        <div>
          <h4>{t('clubAdmin.redemptions.address')}</h4>
          <address className="sf-club-details__address">
            {a.name} · {a.phone}
            <br />
            {[a.line1, a.line2].filter(Boolean).join(' ')}
            <br />
            {[a.district, a.province, a.postcode].filter(Boolean).join(' ')}
          </address>
        </div>
      ) : null}
      <div>
        <h4>{t('clubAdmin.redemptions.timeline')}</h4>
        <Timeline
          items={(r.events ?? []).map((e) => ({
            color: STATUS_COLOR[e.status] === 'default' ? 'gray' : STATUS_COLOR[e.status],
            children: (
              <span>
                <StatusTag status={e.status} /> <span className="sf-res__muted">{formatDateTime(e.at, locale)}</span>
                {e.reason ? <span className="sf-club-details__reason"> — {e.reason}</span> : null}
              </span>
            ),
          }))}
        />
      </div>
    </div>
  );
}
