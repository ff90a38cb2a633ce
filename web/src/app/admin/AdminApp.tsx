// Entry of the lazy back-office chunk: antd, its theme from our tokens, the layout and the routes.
import '@ant-design/v5-patch-for-react-19';
import { App as AntApp, ConfigProvider, Skeleton } from 'antd';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { antdTheme } from '../../theme/tokens';
import { AdminLayout } from './AdminLayout';
import { AreaPage, Forbidden, NotFound } from '../../admin/resources/AreaPage';
import { antdLocale } from '../../admin/resources/dates';
import { Dashboard } from '../../admin/dashboard/Dashboard';
import type { AdminPage } from '../../admin/resources/pages';
import { canUse, flattenAdminRoutes, movedAdminPaths, relativeAdminPath, screensFor } from './routes';
import { usePrefersReducedMotion } from '../../lib/motion';
import { useSession } from '../../lib/session';
import i18n from '../../i18n';
import adminEn from '../../i18n/admin.en.json';
import adminTh from '../../i18n/admin.th.json';
import './admin.css';

// Strings only the back office uses travel with its chunk, not with the user app.
i18n.addResourceBundle('th', 'translation', adminTh, true, false);
i18n.addResourceBundle('en', 'translation', adminEn, true, false);
// An area's own strings, admin/<area>/i18n.{th,en}.json (its menu label under admin.menu.<key>, its screens'
// texts), join the back office's catalog here without a line of their own (docs/AREAS.md "Worked example").
const areaCatalogs = import.meta.glob<Record<string, unknown>>('../../admin/*/i18n.*.json', { eager: true, import: 'default' });
for (const [file, catalog] of Object.entries(areaCatalogs)) i18n.addResourceBundle(file.endsWith('.th.json') ? 'th' : 'en', 'translation', catalog, true, false);

// Tables, forms and uploads: a chunk of their own, loaded on the first area that needs them.
const loadFrame = () => import('./areas');
const AreaScreen = lazy(loadFrame);

// The page this chunk opens on starts loading its frame and its screen now, side by side, instead of the
// screen waiting for the frame to render (the same for every later navigation, in AreaRoute below).
if (typeof window !== 'undefined' && window.location.pathname.startsWith('/admin/')) {
  void loadFrame();
  for (const load of screensFor(window.location.pathname)) void load();
}

const hasScreen = (p: AdminPage) => !!(p.resource || p.screen || p.fullPage || p.tabs);

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div className="sf-admin-page"><Skeleton active paragraph={{ rows: 8 }} /></div>}>{children}</Suspense>;
}

export default function AdminApp() {
  const { i18n } = useTranslation();
  const { data } = useSession();
  const role = data?.user.role;
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => ({ ...antdTheme, token: { ...antdTheme.token, motion: !reducedMotion } }), [reducedMotion]);
  const routes: ReactNode[] = [];
  const frameless: ReactNode[] = []; // detail sub-screens for a phone (an event's check-in): no sidebar or header
  for (const page of flattenAdminRoutes()) {
    const allowed = canUse(role, page.minRole);
    const rel = relativeAdminPath(page.path);
    const screen = (el: ReactNode) => (!allowed ? <Forbidden page={page} /> : el);
    if (page.key === 'dashboard') {
      routes.push(<Route key={page.key} index element={screen(<Dashboard page={page} />)} />);
      continue;
    }
    if (page.tabs) {
      for (const tab of page.tabs)
        routes.push(<Route key={`${page.key}:${tab.key}`} path={relativeAdminPath(tab.path)} element={screen(<Lazy><AreaScreen page={page} tab={tab} /></Lazy>)} />);
    } else {
      routes.push(<Route key={page.key} path={rel} element={screen(hasScreen(page) ? <Lazy><AreaScreen page={page} /></Lazy> : <AreaPage page={page} />)} />);
    }
    if (page.detail) {
      routes.push(<Route key={`${page.key}:detail`} path={`${rel}/:id`} element={screen(<Lazy><AreaScreen page={page} detail /></Lazy>)} />);
      frameless.push(<Route key={`${page.key}:detail:sub`} path={`${rel}/:id/:sub`} element={screen(<Lazy><AreaScreen page={page} detail /></Lazy>)} />);
    }
  }
  for (const [from, to] of Object.entries(movedAdminPaths)) routes.push(<Route key={`moved:${from}`} path={relativeAdminPath(from)} element={<Navigate to={to} replace />} />);
  return (
    <ConfigProvider theme={theme} locale={antdLocale(i18n.language)}>
      <AntApp>
        <Routes>
          {frameless}
          <Route element={<AdminLayout />}>
            {routes}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </AntApp>
    </ConfigProvider>
  );
}
