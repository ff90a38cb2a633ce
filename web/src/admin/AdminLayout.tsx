import {
  BellOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  TranslationOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, Empty, Layout, Menu, Popover, Tooltip, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import logo from '../assets/logo.svg';
import { initialsOf } from '../components/Initials';
import { currentLocale, type Locale } from '../i18n';
import { useProductName } from '../lib/config';
import { useMe, useSetLanguage } from '../lib/me';
import { signOut, useSession } from '../lib/session';
import { notify } from '../lib/toast';
import { HeaderSearch } from './HeaderSearch';
import { menuIcons } from './icons';
import { adminRoutesFor, isGroup, openKeysFor, selectedKeyFor } from './routes';

const { Sider, Header, Content } = Layout;
const COLLAPSE_KEY = 'shopfloor.admin.siderCollapsed';

export function AdminLayout() {
  const { t } = useTranslation();
  const product = useProductName();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: session } = useSession();
  const { data: me } = useMe();
  const setLanguage = useSetLanguage();
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

  const name = me?.name ?? session?.user.name ?? '';
  const image = me?.image ?? session?.user.image ?? undefined;
  const locale = currentLocale();
  const otherLocale: Locale = locale === 'th' ? 'en' : 'th';

  const onSignOut = async () => {
    try {
      await signOut({ callbackUrl: '/login' });
    } catch {
      notify.error(t('toast.signOutFailed'));
    }
  };

  const accountMenu: MenuProps = {
    items: [
      { key: 'profile', icon: <UserOutlined />, label: t('admin.profile') },
      {
        key: 'language',
        icon: <TranslationOutlined />,
        label: t('common.language'),
        children: (['th', 'en'] as const).map((l) => ({ key: `lang:${l}`, label: t(`common.languageName.${l}`) })),
      },
      { type: 'divider' },
      { key: 'signout', icon: <LogoutOutlined />, label: t('admin.signOut'), danger: true },
    ],
    selectable: true,
    selectedKeys: [`lang:${locale}`],
    onClick: ({ key }) => {
      if (key === 'profile') navigate(`/p/${encodeURIComponent(session?.user.id ?? '')}`);
      else if (key === 'signout') void onSignOut();
      else if (key.startsWith('lang:')) void setLanguage(key.slice(5) as Locale);
    },
  };

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
          <div className="sf-admin__actions">
            <Popover
              trigger="click"
              placement="bottomRight"
              title={t('admin.notifications')}
              content={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.noNotifications')} />}
            >
              <Tooltip title={t('admin.notifications')}>
                <Button type="text" shape="circle" aria-label={t('admin.notifications')} icon={<BellOutlined />} />
              </Tooltip>
            </Popover>
            <Tooltip title={t('common.switchLanguageTo', { language: t(`common.languageName.${otherLocale}`) })}>
              <Button
                type="text"
                shape="circle"
                aria-label={t('admin.switchLanguage')}
                icon={<TranslationOutlined />}
                onClick={() => void setLanguage(otherLocale)}
              />
            </Tooltip>
            <Popover
              trigger="click"
              placement="bottomRight"
              title={t('admin.helpTitle')}
              content={<p className="sf-admin__help">{t('admin.helpBody')}</p>}
            >
              <Tooltip title={t('admin.help')}>
                <Button type="text" shape="circle" aria-label={t('admin.help')} icon={<QuestionCircleOutlined />} />
              </Tooltip>
            </Popover>
            <Dropdown menu={accountMenu} trigger={['click']} placement="bottomRight">
              <button type="button" className="sf-admin__account" aria-label={t('admin.account')}>
                <Avatar src={image} size={36} className="sf-admin__avatar">
                  {initialsOf(name)}
                </Avatar>
                <span className="sf-admin__account-name">{name}</span>
              </button>
            </Dropdown>
          </div>
        </Header>
        <Content className="sf-admin__content" id="main">
          <Outlet />
        </Content>
      </Layout>
    </Layout>
  );
}
