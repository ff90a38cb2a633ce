import { Alert, Avatar, Badge, Button, Card, Skeleton, Tag, Tooltip } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  GiftOutlined,
  RightOutlined,
  RiseOutlined,
  ShopOutlined,
  StarOutlined,
  StopOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
  UserOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { initialsOf } from '../../components/Initials';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import type { PresenceUser } from '../../lib/presence';
import { lastSeenText } from '../../lib/relativeTime';
import { useLivePresence } from './livePresence';
import { WeakTopicsCard } from './WeakTopicsCard';
import { AdminPageHeader } from '../resources/AreaPage';
import { FigureCard } from '../resources/FigureCard';
import type { AdminPage } from '../resources/pages';
import { numberFormat } from '../../lib/intl';
import { useNow } from '../../lib/useNow';

export interface Overview {
  users: { total: number; active: number; pending: number; disabled: number };
  stores: number;
  regions: number;
  activeSessions: number;
  /** Newer servers (issue 17): online now, today's headline figures against yesterday, the queues waiting. */
  online?: number;
  today?: { from: string };
  figures?: { key: string; value: number; previous?: number | null; unit?: string; link?: string }[];
  queues?: { key: string; count: number; link: string }[];
}

interface PeopleFigure {
  key: string;
  icon: ReactNode;
  tone: 'brand' | 'green' | 'amber' | 'grey' | 'blue';
  value: (o: Overview) => number;
  /** The queue behind the figure, for admins (the users area is theirs). */
  to?: string;
}

const people: PeopleFigure[] = [
  { key: 'usersTotal', icon: <TeamOutlined />, tone: 'brand', value: (o) => o.users.total },
  { key: 'usersActive', icon: <CheckCircleOutlined />, tone: 'green', value: (o) => o.users.active },
  { key: 'usersPending', icon: <ClockCircleOutlined />, tone: 'amber', value: (o) => o.users.pending, to: '/admin/users/pending' },
  { key: 'usersDisabled', icon: <StopOutlined />, tone: 'grey', value: (o) => o.users.disabled },
  { key: 'stores', icon: <ShopOutlined />, tone: 'blue', value: (o) => o.stores },
  { key: 'regions', icon: <EnvironmentOutlined />, tone: 'blue', value: (o) => o.regions },
  { key: 'activeSessions', icon: <WifiOutlined />, tone: 'green', value: (o) => o.activeSessions },
];

/** Today's figures' icons and tones by key (an unknown key gets the brand's). */
const todayLook: Record<string, Pick<PeopleFigure, 'icon' | 'tone'>> = {
  actives: { icon: <UserOutlined />, tone: 'green' },
  completions: { icon: <TrophyOutlined />, tone: 'brand' },
  points: { icon: <StarOutlined />, tone: 'amber' },
  redemptionsWaiting: { icon: <GiftOutlined />, tone: 'blue' },
  storiesWaiting: { icon: <FileTextOutlined />, tone: 'blue' },
  pendingRegistrations: { icon: <ClockCircleOutlined />, tone: 'amber' },
};

/** The back office's home; `page` is the route table's first entry (the dashboard). */
export function Dashboard({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => api<Overview>('/api/admin/overview', { signal }),
    refetchInterval: 30_000,
  });
  // Who is online (names, codes, stores) is for admins; editors see the count (SPEC §1).
  const staffDetails = useSession().data?.user.role === 'admin';
  const live = useLivePresence(staffDetails);
  // The live count from the presence feed; the overview's (refetched every 30 s) while the feed is not there.
  const online = !live.isLoading && !live.isError ? live.online : data?.online;

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
      <div className="sf-dash__grid">
        {(data?.figures ?? []).map((f) => (
          <FigureCard
            key={f.key}
            figureKey={f.key}
            label={t(`admin.dashboard.figures.${f.key}`, { defaultValue: f.key })}
            value={f.value}
            previous={f.previous}
            unit={f.unit}
            link={f.link}
            compareText={t('admin.dashboard.vsYesterday')}
            {...(todayLook[f.key] ?? { icon: <RiseOutlined />, tone: 'brand' })}
          />
        ))}
        <FigureCard
          figureKey="onlineNow"
          label={t('admin.dashboard.onlineNow')}
          value={online}
          icon={<ThunderboltOutlined />}
          tone="green"
          loading={live.isLoading && data?.online === undefined}
        />
      </div>
      {data?.queues ? <Queues queues={data.queues} /> : null}
      {staffDetails ? <WeakTopicsCard /> : null}
      <h2 className="sf-dash__section">{t('admin.dashboard.peopleTitle')}</h2>
      <div className="sf-dash__grid">
        {people.map((f) => (
          <FigureCard
            key={f.key}
            figureKey={f.key}
            label={t(`admin.dashboard.${f.key}`)}
            value={data ? f.value(data) : undefined}
            link={f.to && staffDetails ? f.to : undefined}
            icon={f.icon}
            tone={f.tone}
            loading={isLoading}
          />
        ))}
      </div>
      {staffDetails ? <OnlineList live={live} /> : null}
    </div>
  );
}

/** What waits for an admin now, each with its count and a link to its queue. */
function Queues({ queues }: { queues: NonNullable<Overview['queues']> }) {
  const { t, i18n } = useTranslation();
  const format = numberFormat(i18n.language === 'en' ? 'en-US' : 'th-TH');
  const waiting = queues.filter((q) => q.count > 0);
  return (
    <Card
      className="sf-admin-card sf-dash__queues"
      data-testid="queues"
      title={t('admin.dashboard.queues.title')}
      extra={<span className="sf-presence__subtitle">{t('admin.dashboard.queues.subtitle')}</span>}
    >
      {waiting.length === 0 ? (
        <p className="sf-dash__queues-empty">
          <CheckCircleOutlined /> {t('admin.dashboard.queues.empty')}
        </p>
      ) : null}
      <ul className="sf-dash__queue-list">
        {queues.map((q) => (
          <li key={q.key} className={q.count > 0 ? 'is-waiting' : 'is-clear'} data-queue={q.key} data-count={q.count}>
            <Link to={q.link} data-testid={`queue-link-${q.key}`}>
              <span className="sf-dash__queue-count">{format.format(q.count)}</span>
              <span className="sf-dash__queue-label">{t(`admin.dashboard.queues.${q.key}`, { defaultValue: q.key })}</span>
              <span className="sf-dash__queue-open">
                {t('admin.dashboard.queues.open')} <RightOutlined />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function OnlineList({ live }: { live: ReturnType<typeof useLivePresence> }) {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000); // so "last seen 3 minutes ago" stays true
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
