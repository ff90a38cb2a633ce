// The frame of the back-office areas, in its own lazy chunk (antd Table, Form, Upload…): the dashboard does
// not wait for it. A route-table entry with `resource` gets the generic list; `screen` names a list screen of
// its own (drawn inside this frame), `fullPage` a screen that draws the whole page, `detail` the screen of
// `path/:id`, `tabs` sub-pages as tabs. Screens are lazy: each loads when its route is first opened.
import { Card, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPageHeader, AreaPage } from '../../admin/resources/AreaPage';
import { ResourceView } from '../../admin/resources/ResourceView';
import type { AdminPage, AdminTab, Screen, ScreenLoader } from '../../admin/resources/pages';

const screens = new Map<ScreenLoader, LazyExoticComponent<Screen>>();

/** One lazy component per loader, so a screen keeps its state across renders of the frame. */
function lazyScreen(load: ScreenLoader): LazyExoticComponent<Screen> {
  let screen = screens.get(load);
  if (!screen) {
    screen = lazy(() => load().then((component) => ({ default: component })));
    screens.set(load, screen);
  }
  return screen;
}

function Loading() {
  return <Skeleton active paragraph={{ rows: 8 }} />;
}

function LazyScreen({ load, page, tab }: { load: ScreenLoader; page: AdminPage; tab?: AdminTab }) {
  const S = lazyScreen(load);
  return (
    <Suspense fallback={<Loading />}>
      <S page={page} tab={tab} />
    </Suspense>
  );
}

export default function AreaScreen({ page, tab, detail }: { page: AdminPage; tab?: AdminTab; detail?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (detail && page.detail) return <LazyScreen load={page.detail} page={page} />;
  if (page.fullPage) return <LazyScreen load={page.fullPage} page={page} />;
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
        {target.screen ? (
          <LazyScreen key={target.key} load={target.screen} page={page} tab={tab} />
        ) : (
          <ResourceView key={target.resource} resource={target.resource!} />
        )}
      </Card>
    </div>
  );
}
