import { TabBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useProductName } from '../lib/config';
import { useSession } from '../lib/session';
import { ConsentNotice } from '../user/profile/ConsentNotice';
import { tabIcons } from './tabIcons';
import { preloadTab } from './tabScreens';
import { activeTab, userTabs } from './tabs';

export function UserLayout() {
  const { t } = useTranslation();
  const product = useProductName();
  const { data } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = userTabs(data?.user.id ?? '');
  const active = activeTab(pathname, tabs);

  return (
    <div className="sf-user-shell">
      <main className="sf-user-main" id="main">
        <Outlet />
      </main>
      <ConsentNotice />
      {/* A finger on a tab loads its screen's chunk before the tap ends (app/tabScreens.ts). */}
      <nav
        className="sf-tabbar"
        aria-label={t('nav.label')}
        onPointerDown={(e) => {
          const item = (e.target as Element).closest('.adm-tab-bar-item');
          const index = item ? [...e.currentTarget.querySelectorAll('.adm-tab-bar-item')].indexOf(item) : -1;
          if (index >= 0) preloadTab(tabs[index]!.key);
        }}
      >
        <TabBar
          activeKey={active ?? null}
          safeArea
          onChange={(key) => {
            const tab = tabs.find((x) => x.key === key);
            if (tab) navigate(tab.path);
          }}
        >
          {tabs.map((tab) => {
            const Icon = tabIcons[tab.key];
            return (
              <TabBar.Item
                key={tab.key}
                icon={<span aria-hidden="true"><Icon /></span>}
                title={
                  // A real link for keyboards and screen readers; the TabBar item does the navigation.
                  <Link
                    to={tab.path}
                    className="sf-tabbar__link"
                    data-tab={tab.key}
                    aria-current={active === tab.key ? 'page' : undefined}
                    onClick={(e) => e.preventDefault()}
                  >
                    {t(tab.labelKey, { product })}
                  </Link>
                }
              />
            );
          })}
        </TabBar>
      </nav>
    </div>
  );
}
