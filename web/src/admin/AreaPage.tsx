import { LockOutlined, ToolOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuIcons } from './icons';
import { adminRoutes, isGroup, type AdminPage } from './routes';

export function AdminPageHeader({ page, title, subtitle }: { page?: AdminPage; title: string; subtitle?: string }) {
  const { t } = useTranslation();
  const group = page ? adminRoutes.find((e) => isGroup(e) && e.children.some((c) => c.key === page.key)) : undefined;
  return (
    <div className="sf-admin-page__header">
      <Breadcrumb
        items={[
          { title: <Link to="/admin">{t('admin.menu.dashboard')}</Link> },
          ...(group ? [{ title: t(group.labelKey) }] : []),
          ...(page && page.key !== 'dashboard' ? [{ title }] : []),
        ]}
      />
      <h1 className="sf-admin-page__title">{title}</h1>
      {subtitle ? <p className="sf-admin-page__subtitle">{subtitle}</p> : null}
    </div>
  );
}

/** Every admin area that is not built yet: its title and an honest note. */
export function AreaPage({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const title = t(page.labelKey);
  return (
    <div className="sf-admin-page">
      <AdminPageHeader page={page} title={title} />
      <Card className="sf-admin-card">
        <Result
          icon={<span className="sf-admin-building__icon">{menuIcons[page.icon ?? ''] ?? <ToolOutlined />}</span>}
          title={t('admin.buildingTitle')}
          subTitle={t('admin.buildingBody', { area: title })}
          extra={
            <Link to="/admin">
              <Button>{t('admin.backToDashboard')}</Button>
            </Link>
          }
        />
      </Card>
    </div>
  );
}

export function Forbidden({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const title = t(page.labelKey);
  return (
    <div className="sf-admin-page">
      <AdminPageHeader page={page} title={title} />
      <Card className="sf-admin-card">
        <Result
          icon={<LockOutlined className="sf-admin-building__icon" />}
          title={t('admin.forbiddenTitle')}
          subTitle={t('admin.forbiddenBody')}
          extra={<Link to="/admin"><Button>{t('admin.backToDashboard')}</Button></Link>}
        />
      </Card>
    </div>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="sf-admin-page">
      <AdminPageHeader title={t('admin.notFoundTitle')} />
      <Card className="sf-admin-card">
        <Result
          status="404"
          title={t('admin.notFoundTitle')}
          subTitle={t('bare.notFoundBody')}
          extra={<Link to="/admin"><Button type="primary">{t('admin.backToDashboard')}</Button></Link>}
        />
      </Card>
    </div>
  );
}
