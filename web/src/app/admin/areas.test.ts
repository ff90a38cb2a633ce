import { describe, expect, it } from 'vitest';
import { reorder } from '../../admin/galleries/GalleryEditor';
import th from '../../i18n/th.json';
import en from '../../i18n/en.json';
import { groupHits, subtitleText } from './HeaderSearch';
import type { ResourceSchema } from '../../admin/resources/schema';
import { activityDetail } from '../../admin/logs/LogsView';
import { itemPathFor, pathForResource, screensFor, tabFor, flattenAdminRoutes } from './routes';

describe('route table → resource screens', () => {
  it('declares the resource areas as data', () => {
    const byPath = Object.fromEntries(flattenAdminRoutes().map((p) => [p.path, p]));
    expect(byPath['/admin/contents/category']?.resource).toBe('categories');
    expect(byPath['/admin/contents/sub-categories']?.resource).toBe('subcategories');
    expect(byPath['/admin/contents/groups']?.resource).toBe('groups');
    expect(byPath['/admin/contents/subgroups']?.resource).toBe('subgroups');
    expect(byPath['/admin/galleries']?.resource).toBe('galleries');
    expect(byPath['/admin/users']?.tabs?.map((t) => t.resource)).toEqual(['users', 'users', undefined, 'stores', 'regions', 'positions', 'sso-settings', 'privacy-settings']);
  });
  it('finds the tab of a path', () => {
    const users = flattenAdminRoutes().find((p) => p.key === 'users')!;
    expect(tabFor(users, '/admin/users/stores/')?.key).toBe('stores');
    expect(tabFor(users, '/admin/users')?.key).toBe('users');
    expect(tabFor(users, '/admin/users/pending')?.key).toBe('pendingUsers');
    expect(tabFor(users, '/admin/users/codes')?.key).toBe('accountCodes');
  });
  it('names the screens a path opens, so they load with the frame', () => {
    const byKey = Object.fromEntries(flattenAdminRoutes().map((p) => [p.key, p]));
    expect(screensFor('/admin/courses')).toEqual([byKey.courses!.screen]);
    expect(screensFor('/admin/courses/0193a5b2')).toEqual([byKey.courses!.detail]);
    expect(screensFor('/admin/logs')).toEqual([byKey.logs!.fullPage]);
    expect(screensFor('/admin/users/stores')).toEqual([]); // the generic list: the frame is enough
    expect(screensFor('/admin/articles/comments')).toEqual([byKey.articles!.tabs![1]!.screen]);
    expect(screensFor('/admin/nowhere/at/all')).toEqual([]);
  });
  it('opens search hits where their resource lives', () => {
    expect(pathForResource('stores')).toBe('/admin/users/stores');
    expect(itemPathFor('users', 'u1')).toBe('/admin/users?view=u1');
    expect(itemPathFor('galleries', 'g1')).toBe('/admin/galleries/g1');
    expect(itemPathFor('nope', 'x')).toBeUndefined();
  });
  it('routes the members club: redeem tabs, coupon and gift screens with their detail', () => {
    const byKey = Object.fromEntries(flattenAdminRoutes().map((p) => [p.key, p]));
    const redeem = byKey.redeem!;
    expect(redeem.tabs?.map((t) => [t.key, t.path, t.resource])).toEqual([
      ['rewards', '/admin/redeem', 'rewards'],
      ['redemptions', '/admin/redeem/redemptions', undefined],
    ]);
    expect(tabFor(redeem, '/admin/redeem/redemptions')?.key).toBe('redemptions');
    expect(screensFor('/admin/redeem/redemptions')).toEqual([redeem.tabs![1]!.screen]);
    expect(pathForResource('rewards')).toBe('/admin/redeem');
    expect(byKey.coupons!.resource).toBe('coupon-batches');
    expect(byKey.gifts!.resource).toBe('gift-periods');
    expect(screensFor('/admin/coupons/b1')).toEqual([byKey.coupons!.detail]);
    expect(screensFor('/admin/gifts/p1')).toEqual([byKey.gifts!.detail]);
    expect(itemPathFor('coupon-batches', 'b1')).toBe('/admin/coupons/b1');
    expect(itemPathFor('gift-periods', 'p1')).toBe('/admin/gifts/p1');
  });
});

describe('header search', () => {
  it('groups hits by resource in answer order', () => {
    const h = (resource: string, id: string) => ({ resource, id, title: id, subtitle: null });
    expect(groupHits([h('users', '1'), h('stores', '2'), h('users', '3')])).toEqual([
      { resource: 'users', hits: [h('users', '1'), h('users', '3')] },
      { resource: 'stores', hits: [h('stores', '2')] },
    ]);
  });

  it('names each hit by its kind, in Thai and English', () => {
    const kinds = (tree: unknown) => (tree as { admin: { searchKind: Record<string, string> } }).admin.searchKind;
    for (const kind of ['contents', 'courses', 'articles', 'ebooks', 'events', 'users']) {
      expect(kinds(th)[kind], kind).toMatch(/[\u0E00-\u0E7F]/);
      expect(kinds(en)[kind], kind).toMatch(/^[A-Z][a-z]/);
    }
    expect(kinds(th).contents).toBe('เนื้อหา');
    expect(kinds(en).articles).toBe('Article');
  });

  it('reads an enum subtitle by its option’s label, never the stored code', () => {
    const contents = {
      subtitleField: 'kind',
      fields: [{ name: 'kind', type: 'enum', label: { th: 'ประเภท', en: 'Kind' }, options: [{ value: 'link', label: { th: 'ลิงก์', en: 'Link' } }] }],
    } as unknown as ResourceSchema;
    expect(subtitleText(contents, 'link', 'th')).toBe('ประเภท: ลิงก์');
    expect(subtitleText(contents, 'link', 'en')).toBe('Kind: Link');
    expect(subtitleText(contents, 'other', 'th')).toBe('other');
    expect(subtitleText(undefined, 'S1001', 'th')).toBe('S1001');
    expect(subtitleText(contents, null, 'th')).toBeNull();
  });
});

describe('gallery order', () => {
  it('renumbers by tens and only sends what moved', () => {
    const items = [
      { id: 'a', position: 10 },
      { id: 'b', position: 20 },
      { id: 'c', position: 30 },
    ];
    expect(reorder(items, 2, 0)).toEqual([
      { id: 'c', position: 10 },
      { id: 'a', position: 20 },
      { id: 'b', position: 30 },
    ]);
    expect(reorder([{ id: 'a', position: 0 }, { id: 'b', position: 0 }], 0, 1)).toEqual([
      { id: 'b', position: 10 },
      { id: 'a', position: 20 },
    ]);
  });
});

describe('activity log', () => {
  it('shows the useful part of each type', () => {
    expect(activityDetail({ id: '1', type: 'activity', userId: 'u', time: '', page: '/main', action: 'view' })).toBe('view /main');
    expect(activityDetail({ id: '1', type: 'page_time', userId: 'u', time: '', url: '/club', duration: 2500 })).toBe('/club · 2.5 s');
  });
});
