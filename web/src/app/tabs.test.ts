import { describe, expect, it } from 'vitest';
import { activeTab, userTabs } from './tabs';

const tabs = userTabs('u-1');

describe('user tabs', () => {
  it('are the five tabs in the seed order with the exact routes', () => {
    expect(tabs.map((t) => [t.key, t.path])).toEqual([
      ['learning', '/learning'],
      ['stores', '/stores'],
      ['main', '/main'],
      ['club', '/club'],
      ['profile', '/p/u-1'],
    ]);
  });

  it.each([
    ['/learning', 'learning'],
    ['/learning/course/42', 'learning'],
    ['/stores', 'stores'],
    ['/stores/', 'stores'],
    ['/main', 'main'],
    ['/club', 'club'],
    ['/club/rewards', 'club'],
    ['/p/u-1', 'profile'],
    ['/p/someone-else', 'profile'],
  ])('%s → %s', (path, key) => {
    expect(activeTab(path, tabs)).toBe(key);
  });

  it.each(['/', '/clubs', '/mainly', '/people', '/admin', '/login'])('%s → no tab', (path) => {
    expect(activeTab(path, tabs)).toBeUndefined();
  });
});
