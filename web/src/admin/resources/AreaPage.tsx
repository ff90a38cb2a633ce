import { LockOutlined, ToolOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Card, Result, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuIcons } from './icons';
import type { AdminPage } from './pages';

export function AdminPageHeader({ page, title, subtitle, parent }: { page?: AdminPage; title: string; subtitle?: string; parent?: { title: string; to: string } }) {
  const { t } = useTranslation();
  return (
    <div className="sf-admin-page__header">
      <Breadcrumb
        items={[
          { title: <Link to="/admin">{t('admin.menu.dashboard')}</Link> },
          ...(page?.groupLabelKey ? [{ title: t(page.groupLabelKey) }] : []),
          ...(parent ? [{ title: <Link to={parent.to}>{parent.title}</Link> }] : []),
          ...(page && page.key !== 'dashboard' ? [{ title }] : []),
        ]}
      />
      <h1 className="sf-admin-page__title">{title}</h1>
      {subtitle ? <p className="sf-admin-page__subtitle">{subtitle}</p> : null}
    </div>
  );
}

/** The frame of every admin page that has only a message: header, card, result, back to the dashboard. */
function AdminNotice({
  page,
  heading,
  result,
  primary = false,
}: {
  page?: AdminPage;
  heading: string;
  result: Pick<ResultProps, 'icon' | 'status' | 'title' | 'subTitle'>;
  primary?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="sf-admin-page">
      <AdminPageHeader page={page} title={heading} />
      <Card className="sf-admin-card">
        <Result
          {...result}
          extra={
            <Link to="/admin">
              <Button type={primary ? 'primary' : undefined}>{t('admin.backToDashboard')}</Button>
            </Link>
          }
        />
      </Card>
    </div>
  );
}

/** Every admin area that is not built yet: its title and an honest note. */
/** An editor's page when its item cannot be loaded: the header, and an error with a way back to the list. */
export function MissingItemPage({ page, title, backTo, backText }: { page: AdminPage; title: string; backTo: string; backText: string }) {
  const { t } = useTranslation();
  return (
    <div className="sf-admin-page">
      <AdminPageHeader page={page} title={title} />
      <Alert type="error" showIcon message={t('resource.itemMissing')} action={<Link to={backTo}><Button size="small">{backText}</Button></Link>} />
    </div>
  );
}

export function AreaPage({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const title = t(page.labelKey);
  return (
    <AdminNotice
      page={page}
      heading={title}
      result={{
        icon: <span className="sf-admin-building__icon">{menuIcons[page.icon ?? ''] ?? <ToolOutlined />}</span>,
        title: t('admin.buildingTitle'),
        subTitle: t('admin.buildingBody', { area: title }),
      }}
    />
  );
}

export function Forbidden({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  return (
    <AdminNotice
      page={page}
      heading={t(page.labelKey)}
      result={{
        icon: <LockOutlined className="sf-admin-building__icon" />,
        title: t('admin.forbiddenTitle'),
        subTitle: t('admin.forbiddenBody'),
      }}
    />
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <AdminNotice
      heading={t('admin.notFoundTitle')}
      primary
      result={{ status: '404', title: t('admin.notFoundTitle'), subTitle: t('bare.notFoundBody') }}
    />
  );
}
