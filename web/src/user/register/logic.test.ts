import { describe, expect, it } from 'vitest';
import { contactKind, MIN_SCORE, passwordScore, personalWords } from './logic';

describe('passwordScore (same cases as the server test)', () => {
  it('rates common, runs and repeats as weak', () => {
    for (const p of ['password123', 'Passw0rd!', '12345678', 'abcdefgh', 'aaaaaaaaaaaa', 'qwerty2026'])
      expect(passwordScore(p), p).toBeLessThan(MIN_SCORE);
  });
  it('rates mixed, longer passwords as good enough', () => {
    expect(passwordScore('Demo#2026')).toBe(3);
    expect(passwordScore('Tiger#Lamp42')).toBe(4);
    expect(passwordScore('สวัสดีครับ2569')).toBeGreaterThanOrEqual(MIN_SCORE);
  });
  it('refuses the person’s own code or name', () => {
    expect(passwordScore('k77123-Secret!', personalWords('K77123', 'Somchai Jaidee'))).toBe(0);
    expect(passwordScore('Somchai#2026x', personalWords('K1', 'Somchai Jaidee'))).toBe(0);
    expect(passwordScore('Tiger#Lamp42', personalWords('K1', 'Somchai Jaidee'))).toBe(4);
  });
});

describe('contactKind', () => {
  it('tells an email from a phone number, and refuses the rest', () => {
    expect(contactKind('a@b.co')).toBe('email');
    expect(contactKind('081-234-5678')).toBe('phone');
    expect(contactKind('+66 81 234 5678')).toBe('phone');
    expect(contactKind('12345')).toBeNull();
    expect(contactKind('not-an-email@')).toBeNull();
    expect(contactKind('javascript:alert(1)')).toBeNull();
  });
});
