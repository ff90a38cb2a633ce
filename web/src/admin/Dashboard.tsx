import { Alert, Button, Card, Col, Row, Skeleton, Statistic } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  EnvironmentOutlined,
  ShopOutlined,
  StopOutlined,
  TeamOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
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
}

const figures: Figure[] = [
  { key: 'usersTotal', labelKey: 'admin.dashboard.usersTotal', icon: <TeamOutlined />, tone: 'brand', value: (o) => o.users.total },
  { key: 'usersActive', labelKey: 'admin.dashboard.usersActive', icon: <CheckCircleOutlined />, tone: 'green', value: (o) => o.users.active },
  { key: 'usersPending', labelKey: 'admin.dashboard.usersPending', icon: <ClockCircleOutlined />, tone: 'amber', value: (o) => o.users.pending },
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
          <Col key={f.key} xs={24} sm={12} lg={f.key.startsWith('users') ? 6 : 8}>
            <Card className="sf-stat-card" data-figure={f.key}>
              {isLoading ? (
                <Skeleton active paragraph={{ rows: 1 }} title={false} />
              ) : (
                <div className="sf-stat-card__row">
                  <span className={`sf-stat-card__icon is-${f.tone}`} aria-hidden="true">{f.icon}</span>
                  <Statistic
                    title={t(f.labelKey)}
                    value={data ? f.value(data) : '—'}
                    formatter={(v) => (typeof v === 'number' ? format.format(v) : String(v))}
                  />
                </div>
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
