// The frame of a back-office area, in its own lazy chunk (antd Table, Form, Upload…): the dashboard does
// not wait for it. A route-table entry with `resource` gets the generic screen; `screen` names a screen of
// its own (a chunk of its own too, see routes.ts); `tabs` draws sub-pages as tabs.
import { Card, Skeleton, Tabs } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPageHeader, AreaPage } from './AreaPage';
import { ResourceView } from './resources/ResourceView';
import type { ScreenProps } from './routes';

function Body({ page, tab }: ScreenProps) {
  const target = tab ?? page;
  const Screen = target.screen;
  if (Screen) return <Screen page={page} tab={tab} />;
  if (target.resource) return <ResourceView key={target.resource} resource={target.resource} />;
  return null;
}

export default function AreaScreen({ page, tab }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = tab ?? page;
  if (!target.resource && !target.screen) return <AreaPage page={page} />;
  return (
    <div className="sf-admin-page">
      <AdminPageHeader page={page} title={t(page.labelKey)} />
      <Card className="sf-admin-card sf-res-card">
        {page.tabs ? (
          <Tabs
            className="sf-res__tabs"
            activeKey={tab?.key}
            onChange={(key) => {
              const next = page.tabs?.find((x) => x.key === key);
              if (next) navigate(next.path);
            }}
            items={page.tabs.map((x) => ({ key: x.key, label: t(x.labelKey) }))}
          />
        ) : null}
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <Body key={target.key} page={page} tab={tab} />
        </Suspense>
      </Card>
    </div>
  );
}
