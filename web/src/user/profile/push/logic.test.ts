// Push settings' pure parts: the VAPID key as subscribe() wants it, which quiet hours the server accepts, and
// what the browser can do.
import { describe, expect, it } from 'vitest';
import { applicationServerKey, pushSupport, validQuietHours } from './logic';

describe('push settings', () => {
  it('turns the base64url key into its bytes (no padding, URL alphabet)', () => {
    // 0xfb 0xff 0xbf: "+/+/" in standard base64, "-_-_" in base64url; a 65-byte key has no padding either.
    expect([...applicationServerKey('-_-_')]).toEqual([0xfb, 0xff, 0xbf]);
    const key = new Uint8Array(65).map((_, i) => i);
    const text = btoa(String.fromCharCode(...key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect([...applicationServerKey(text)]).toEqual([...key]);
  });

  it('accepts two different HH:MM times, across midnight too', () => {
    expect(validQuietHours({ from: '22:00', to: '07:00' })).toBe(true);
    expect(validQuietHours({ from: '12:30', to: '13:00' })).toBe(true);
    expect(validQuietHours({ from: '22:00', to: '22:00' })).toBe(false);
    expect(validQuietHours({ from: '24:00', to: '07:00' })).toBe(false);
    expect(validQuietHours({ from: '', to: '07:00' })).toBe(false);
  });

  it('says what the browser lacks before asking anything', async () => {
    const bare = { navigator: {} } as unknown as Window & typeof globalThis;
    expect((await pushSupport(bare)).support).toBe('unsupported');
    const blocked = { navigator: { serviceWorker: {} }, PushManager: {}, Notification: { permission: 'denied' } } as unknown as Window & typeof globalThis;
    expect((await pushSupport(blocked)).support).toBe('denied');
    const noWorker = { navigator: { serviceWorker: { getRegistration: async () => undefined } }, PushManager: {}, Notification: { permission: 'default' } } as unknown as Window & typeof globalThis;
    expect((await pushSupport(noWorker)).support).toBe('no-worker');
  });
});
