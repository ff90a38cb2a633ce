// Entry of the lazy back-office chunk: antd, its theme from our tokens, the layout and the routes.
import '@ant-design/v5-patch-for-react-19';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import thTH from 'antd/locale/th_TH';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { antdTheme } from '../theme/tokens';
import { AdminLayout } from './AdminLayout';
import { AreaPage, Forbidden, NotFound } from './AreaPage';
import { Dashboard } from './Dashboard';
import { canUse, flattenAdminRoutes, relativeAdminPath } from './routes';
import { useSession } from '../lib/session';
import './admin.css';

export default function AdminApp() {
  const { i18n } = useTranslation();
  const { data } = useSession();
  const role = data?.user.role;
  return (
    <ConfigProvider theme={antdTheme} locale={i18n.language === 'en' ? enUS : thTH}>
      <AntApp>
        <Routes>
          <Route element={<AdminLayout />}>
            {flattenAdminRoutes().map((page) => {
              const element = !canUse(role, page.minRole) ? (
                <Forbidden page={page} />
              ) : page.key === 'dashboard' ? (
                <Dashboard />
              ) : (
                <AreaPage page={page} />
              );
              const rel = relativeAdminPath(page.path);
              return rel ? <Route key={page.key} path={rel} element={element} /> : <Route key={page.key} index element={element} />;
            })}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </AntApp>
    </ConfigProvider>
  );
}
