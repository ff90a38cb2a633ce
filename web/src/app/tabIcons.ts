// Each tab's icon in the bottom navigation: drawn by UserLayout, and into index.html's loading screen by the web
// build (scripts/boot-tab-bar.ts), so the tab bar looks the same from the first paint.
import { AppOutline, ContentOutline, GiftOutline, ShopbagOutline, UserOutline } from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import type { TabKey } from './tabs';

export const tabIcons: Record<TabKey, ComponentType> = {
  learning: ContentOutline,
  stores: ShopbagOutline,
  main: AppOutline,
  club: GiftOutline,
  profile: UserOutline,
};
