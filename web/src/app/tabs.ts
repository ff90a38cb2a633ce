// The user app's bottom navigation (SPEC §2): five tabs in this order, active by path prefix.
export type TabKey = 'learning' | 'stores' | 'main' | 'club' | 'profile';

export interface TabDef {
  key: TabKey;
  /** Where the tab goes. */
  path: string;
  /** The path prefix that makes the tab active. */
  prefix: string;
  /** i18n key of the label. */
  labelKey: string;
}

export function userTabs(userId: string): TabDef[] {
  return [
    { key: 'learning', path: '/learning', prefix: '/learning', labelKey: 'nav.learning' },
    { key: 'stores', path: '/stores', prefix: '/stores', labelKey: 'nav.stores' },
    { key: 'main', path: '/main', prefix: '/main', labelKey: 'nav.main' },
    { key: 'club', path: '/club', prefix: '/club', labelKey: 'nav.club' },
    { key: 'profile', path: `/p/${encodeURIComponent(userId)}`, prefix: '/p', labelKey: 'nav.profile' },
  ];
}

/** The tab whose prefix is the current path or a whole-segment prefix of it (`/club/x` → club, `/clubs` → none). */
export function activeTab(pathname: string, tabs: TabDef[]): TabKey | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: TabDef | undefined;
  for (const tab of tabs) {
    if (path === tab.prefix || path.startsWith(`${tab.prefix}/`)) {
      if (!best || tab.prefix.length > best.prefix.length) best = tab;
    }
  }
  return best?.key;
}
