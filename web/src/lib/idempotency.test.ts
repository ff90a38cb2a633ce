import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency';

describe('idempotency key', () => {
  it('uses randomUUID when there is one', () => {
    expect(newIdempotencyKey({ randomUUID: () => 'abc', getRandomValues: (a) => a })).toBe('abc');
  });
  it('makes a v4 UUID without it (plain http)', () => {
    const k = newIdempotencyKey({ getRandomValues: <T extends ArrayBufferView | null>(a: T) => { new Uint8Array(a!.buffer).fill(0xff); return a; } });
    expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey(undefined)).toHaveLength(36);
  });
});
