// The signed-in person: avatar and name, opening their profile, the language and sign-out.
import { LogoutOutlined, TranslationOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { initialsOf } from '../../../components/Initials';
import { currentLocale, type Locale } from '../../../i18n';
import { useMe, useSetLanguage } from '../../../lib/me';
import { signOut, useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';

export function AvatarMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: session } = useSession();
  const { data: me } = useMe();
  const setLanguage = useSetLanguage();
  const name = me?.name ?? session?.user.name ?? '';
  const image = me?.image ?? session?.user.image ?? undefined;

  const onSignOut = async () => {
    try {
      await signOut({ callbackUrl: '/login' });
    } catch {
      notify.error(t('toast.signOutFailed'));
    }
  };

  const menu: MenuProps = {
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
    selectedKeys: [`lang:${currentLocale()}`],
    onClick: ({ key }) => {
      if (key === 'profile') navigate(`/p/${encodeURIComponent(session?.user.id ?? '')}`);
      else if (key === 'signout') void onSignOut();
      else if (key.startsWith('lang:')) void setLanguage(key.slice(5) as Locale);
    },
  };

  return (
    <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
      <button type="button" className="sf-admin__account" aria-label={t('admin.account')}>
        <Avatar src={image} size={36} className="sf-admin__avatar">
          {initialsOf(name)}
        </Avatar>
        <span className="sf-admin__account-name">{name}</span>
      </button>
    </Dropdown>
  );
}
