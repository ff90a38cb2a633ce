import { Alert, Avatar, Badge, Button, Card, Col, Row, Skeleton, Statistic, Tag, Tooltip } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  EnvironmentOutlined,
  ShopOutlined,
  StopOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { initialsOf } from '../components/Initials';
import { api } from '../lib/api';
import { useSession } from '../lib/session';
import type { PresenceUser } from '../lib/presence';
import { lastSeenText } from '../lib/relativeTime';
import { useLivePresence } from './livePresence';
import { AdminPageHeader } from './AreaPage';
import { flattenAdminRoutes } from './routes';

export interface Overview {
  users: { total: number; active: number; pending: number; disabled: number };
  stores: number;
  regions: number;
  activeSessions: number;
}

interface Figure {
  key: string;
  labelKey: string;
  icon: ReactNode;
  tone: 'brand' | 'green' | 'amber' | 'grey' | 'blue';
  value: (o: Overview) => number;
  /** The queue behind the figure, for admins (the users area is theirs). */
  to?: string;
}

const figures: Figure[] = [
  { key: 'usersTotal', labelKey: 'admin.dashboard.usersTotal', icon: <TeamOutlined />, tone: 'brand', value: (o) => o.users.total },
  { key: 'usersActive', labelKey: 'admin.dashboard.usersActive', icon: <CheckCircleOutlined />, tone: 'green', value: (o) => o.users.active },
  { key: 'usersPending', labelKey: 'admin.dashboard.usersPending', icon: <ClockCircleOutlined />, tone: 'amber', value: (o) => o.users.pending, to: '/admin/users/pending' },
  { key: 'usersDisabled', labelKey: 'admin.dashboard.usersDisabled', icon: <StopOutlined />, tone: 'grey', value: (o) => o.users.disabled },
  { key: 'stores', labelKey: 'admin.dashboard.stores', icon: <ShopOutlined />, tone: 'blue', value: (o) => o.stores },
  { key: 'regions', labelKey: 'admin.dashboard.regions', icon: <EnvironmentOutlined />, tone: 'blue', value: (o) => o.regions },
  { key: 'activeSessions', labelKey: 'admin.dashboard.activeSessions', icon: <WifiOutlined />, tone: 'green', value: (o) => o.activeSessions },
];

export function Dashboard() {
  const { t, i18n } = useTranslation();
  const page = flattenAdminRoutes()[0];
  const { data, isLoading, isError, refetch } = useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => api<Overview>('/api/admin/overview', { signal }),
    refetchInterval: 60_000,
  });
  const format = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'th-TH');
  // Who is online (names, codes, stores) is for admins; editors see the count (SPEC §1).
  const staffDetails = useSession().data?.user.role === 'admin';
  const live = useLivePresence(staffDetails);

  return (
    <div className="sf-admin-page">
      <AdminPageHeader page={page} title={t('admin.menu.dashboard')} subtitle={t('admin.dashboard.subtitle')} />
      {isError ? (
        <Alert
          type="error"
          showIcon
          message={t('admin.dashboard.loadError')}
          action={<Button size="small" onClick={() => void refetch()}>{t('common.retry')}</Button>}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Row gutter={[16, 16]}>
        {figures.map((f) => (
          <Col key={f.key} xs={24} sm={12} lg={6}>
            <Card className="sf-stat-card" data-figure={f.key}>
              {isLoading ? (
                <Skeleton active paragraph={{ rows: 1 }} title={false} />
              ) : (
                <div className="sf-stat-card__row">
                  <span className={`sf-stat-card__icon is-${f.tone}`} aria-hidden="true">{f.icon}</span>
                  <Statistic
                    title={f.to && staffDetails ? <Link to={f.to} data-testid={`figure-link-${f.key}`}>{t(f.labelKey)}</Link> : t(f.labelKey)}
                    value={data ? f.value(data) : '—'}
                    formatter={(v) => (typeof v === 'number' ? format.format(v) : String(v))}
                  />
                </div>
              )}
            </Card>
          </Col>
        ))}
        <Col xs={24} sm={12} lg={6}>
          <Card className="sf-stat-card" data-figure="onlineNow">
            {live.isLoading ? (
              <Skeleton active paragraph={{ rows: 1 }} title={false} />
            ) : (
              <div className="sf-stat-card__row">
                <span className="sf-stat-card__icon is-green" aria-hidden="true"><ThunderboltOutlined /></span>
                <Statistic
                  title={t('admin.dashboard.onlineNow')}
                  value={live.isError ? '—' : live.online}
                  formatter={(v) => (typeof v === 'number' ? format.format(v) : String(v))}
                />
              </div>
            )}
          </Card>
        </Col>
      </Row>
      {staffDetails ? <OnlineList live={live} /> : null}
    </div>
  );
}

/** Re-renders every 30 s so "last seen 3 minutes ago" stays true. */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

function OnlineList({ live }: { live: ReturnType<typeof useLivePresence> }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const locale = i18n.language === 'en' ? 'en' : 'th';
  const connected = live.connection === 'open';

  const status = (u: PresenceUser) =>
    u.online ? (
      <Tag color="success" className="sf-presence__tag" data-status="online">{t('presence.online')}</Tag>
    ) : (
      <Tooltip title={u.lastSeen ? new Date(u.lastSeen).toLocaleString(locale === 'en' ? 'en-GB' : 'th-TH') : undefined}>
        <span className="sf-presence__muted" data-status="offline">
          {u.lastSeen ? lastSeenText(t, u.lastSeen, now, locale) : t('presence.offline')}
        </span>
      </Tooltip>
    );

  return (
    <Card
      className="sf-admin-card sf-presence"
      data-testid="presence-list"
      title={
        <span className="sf-presence__title">
          <span>{t('admin.presence.title')}</span>
          <span className={`sf-presence__live${connected ? ' is-live' : ''}`} role="status">
            <span className="sf-presence__pulse" aria-hidden="true" />
            {connected ? t('admin.presence.live') : t('admin.presence.reconnecting')}
          </span>
        </span>
      }
      extra={<span className="sf-presence__subtitle">{t('admin.presence.subtitle')}</span>}
    >
      {live.isError && live.users.length === 0 ? (
        <Alert
          type="error"
          showIcon
          message={t('admin.presence.loadError')}
          action={<Button size="small" onClick={live.refetch}>{t('common.retry')}</Button>}
        />
      ) : (
        // A plain table: the list is short and live, and antd's Table would triple the back office's size.
        <div className="sf-presence__scroll">
          <table className="sf-presence__table" aria-busy={live.isLoading}>
            <thead>
              <tr>
                <th scope="col">{t('admin.presence.name')}</th>
                <th scope="col">{t('admin.presence.employeeCode')}</th>
                <th scope="col">{t('admin.presence.store')}</th>
                <th scope="col">{t('admin.presence.status')}</th>
              </tr>
            </thead>
            <tbody>
              {live.isLoading ? (
                <tr>
                  <td colSpan={4}><Skeleton active title={false} paragraph={{ rows: 2 }} /></td>
                </tr>
              ) : live.users.length === 0 ? (
                <tr>
                  <td colSpan={4} className="sf-presence__empty">{t('admin.presence.empty')}</td>
                </tr>
              ) : (
                live.users.map((u) => (
                  <tr key={u.userId} data-row-key={u.userId} className={u.online ? 'is-online' : 'is-offline'}>
                    <td>
                      <span className="sf-presence__person">
                        <Badge dot status={u.online ? 'success' : 'default'} offset={[-4, 30]}>
                          <Avatar size={36} className="sf-presence__avatar">{initialsOf(u.name)}</Avatar>
                        </Badge>
                        <span className="sf-presence__name">{u.name}</span>
                      </span>
                    </td>
                    <td><span className="sf-presence__code">{u.employeeCode}</span></td>
                    <td>{u.store ?? <span className="sf-presence__muted">{t('admin.presence.noStore')}</span>}</td>
                    <td>{status(u)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
