import { describe, expect, it } from 'vitest';
import { loginUrl, safeCallbackUrl } from './callbackUrl';

describe('safeCallbackUrl', () => {
  it.each([
    ['/main', '/main'],
    ['/club?tab=points#top', '/club?tab=points#top'],
    ['/p/0192-abc', '/p/0192-abc'],
    ['/admin/users', '/admin/users'],
  ])('keeps the same-origin path %s', (input, out) => {
    expect(safeCallbackUrl(input)).toBe(out);
  });

  it.each([
    '//evil.com',
    '//evil.com/main',
    'https://evil.com',
    'http://evil.com/main',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '/\\evil',
    '/\\/evil.com',
    '\\\\evil.com',
    'main',
    ' //evil.com',
    '/\u0000//evil.com',
    '/\t/evil.com',
    'data:text/html,hi',
    '',
  ])('rejects %j', (input) => {
    expect(safeCallbackUrl(input)).toBe('/main');
  });

  it('uses the given fallback', () => {
    expect(safeCallbackUrl(null, '/learning')).toBe('/learning');
    expect(safeCallbackUrl('https://evil.com', '/x')).toBe('/x');
  });

  it('builds the sign-in URL with SessionRequired and the callback', () => {
    expect(loginUrl('/club?x=1')).toBe('/login?error=SessionRequired&callbackUrl=%2Fclub%3Fx%3D1');
  });
});
