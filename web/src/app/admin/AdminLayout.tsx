import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import logo from '../../assets/logo.svg';
import { useProductName } from '../../lib/config';
import { useSession } from '../../lib/session';
import { RightContent } from './header/RightContent';
import { HeaderSearch } from './HeaderSearch';
import { menuIcons } from '../../admin/resources/icons';
import { adminRoutesFor, isGroup, openKeysFor, selectedKeyFor } from './routes';

const { Sider, Header, Content } = Layout;
const COLLAPSE_KEY = 'shopfloor.admin.siderCollapsed';

export function AdminLayout() {
  const { t } = useTranslation();
  const product = useProductName();
  const { pathname } = useLocation();
  const { data: session } = useSession();
  const role = session?.user.role;
  const entries = useMemo(() => adminRoutesFor(role), [role]);

  const [collapsed, setCollapsed] = useState(() => {
    try {
      return localStorage.getItem(COLLAPSE_KEY) === '1';
    } catch {
      return false;
    }
  });
  const selected = selectedKeyFor(pathname, entries);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(pathname, entries));

  // The submenu of the current page opens when the page changes.
  useEffect(() => {
    const needed = openKeysFor(pathname, entries);
    if (needed.length) setOpenKeys((keys) => Array.from(new Set([...keys, ...needed])));
  }, [pathname, entries]);

  const toggle = () => {
    setCollapsed((c) => {
      try {
        localStorage.setItem(COLLAPSE_KEY, c ? '0' : '1');
      } catch {
        /* ignore */
      }
      return !c;
    });
  };

  const items: MenuProps['items'] = entries.map((e) =>
    isGroup(e)
      ? {
          key: e.key,
          icon: menuIcons[e.icon] ?? menuIcons.fallback,
          label: t(e.labelKey),
          children: e.children.map((c) => ({ key: c.key, label: <Link to={c.path}>{t(c.labelKey)}</Link> })),
        }
      : {
          key: e.key,
          icon: menuIcons[e.icon ?? 'fallback'] ?? menuIcons.fallback,
          label: <Link to={e.path}>{t(e.labelKey)}</Link>,
        },
  );

  return (
    <Layout className="sf-admin" hasSider>
      <Sider
        className="sf-admin__sider"
        collapsible
        collapsed={collapsed}
        trigger={null}
        width={256}
        collapsedWidth={72}
        theme="dark"
        aria-label={t('nav.label')}
      >
        <Link to="/admin" className={`sf-admin__brand${collapsed ? ' is-collapsed' : ''}`} aria-label={product}>
          <img src={logo} alt="" width={36} height={36} />
          {!collapsed ? (
            <span className="sf-admin__brand-text">
              <span className="sf-admin__brand-name">{product}</span>
              <span className="sf-admin__brand-sub">{t('admin.brandSuffix')}</span>
            </span>
          ) : null}
        </Link>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={[selected]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={(keys) => setOpenKeys(keys as string[])}
          className="sf-admin__menu"
        />
      </Sider>
      <Layout className="sf-admin__main">
        <Header className="sf-admin__header">
          <Button
            type="text"
            className="sf-admin__collapse"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? t('admin.expand') : t('admin.collapse')}
            aria-expanded={!collapsed}
            onClick={toggle}
          />
          <HeaderSearch />
          <RightContent />
        </Header>
        <Content className="sf-admin__content" id="main">
          <Outlet />
        </Content>
      </Layout>
    </Layout>
  );
}
