// The shapes of the back office's pages: what the route table (app/admin/routes.ts) is made of and what a
// screen is given. Apart from the table, so a screen can name its page without importing the table that
// loads it (the table imports every screen lazily: importing it back would close a loop).
import type { ComponentType } from 'react';
import type { Role } from '../../lib/session';

/** What a screen is given: the page of the route table it belongs to, and the tab when the page has tabs. */
export interface ScreenProps {
  page: AdminPage;
  tab?: AdminTab;
}
export type Screen = ComponentType<ScreenProps>;
/** Loads a screen's module (a chunk of its own, shared by the screens of one area). */
export type ScreenLoader = () => Promise<Screen>;

export type AdminRole = Extract<Role, 'editor' | 'admin'>;

export interface AdminPage {
  key: string;
  path: string;
  /** i18n key of the label (Thai in th.json, English in en.json). */
  labelKey: string;
  /** The lowest role that may use the page (SPEC §1). */
  minRole: AdminRole;
  icon?: string;
  /** A generic screen of this back-office resource (GET /api/admin/schema), when the area is one. */
  resource?: string;
  /** The list screen of its own, inside the page's frame, when the area is more than a resource list. */
  screen?: ScreenLoader;
  /** A screen that draws the whole page itself (header included), e.g. the logs. */
  fullPage?: ScreenLoader;
  /** Sub-pages shown as tabs of this page (one menu entry). */
  tabs?: AdminTab[];
  /** The screen of `path/:id` (e.g. the gallery editor); also of `path/:id/:sub`, drawn without the back
   *  office's frame (a phone screen, e.g. an event's check-in at `/admin/events/:id/checkin`), which it reads
   *  from the `sub` parameter. */
  detail?: ScreenLoader;
  /** i18n key of the menu group the page sits in (the breadcrumb's middle step); set by the route table. */
  groupLabelKey?: string;
}

export interface AdminTab {
  key: string;
  path: string;
  labelKey: string;
  resource?: string;
  screen?: ScreenLoader;
}

export interface AdminGroup {
  key: string;
  labelKey: string;
  icon: string;
  children: AdminPage[];
}

export type AdminEntry = AdminPage | AdminGroup;
