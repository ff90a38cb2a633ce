import { describe, expect, it } from 'vitest';
import { checkForm } from './RegisterPage';
import { checkReset } from './ResetPage';
import { groupStores, isCompleteCode, normalizeCode, type RegisterStore } from './api';

const t = (k: string, o?: Record<string, unknown>) => (o ? `${k}:${JSON.stringify(o)}` : k);
const good = { employeeCode: 'N1', name: 'สมศรี ทดสอบ', contact: 'a@b.co', storeId: 's1', password: 'Tiger#Lamp42', activationCode: '' };

describe('checkForm', () => {
  it('passes a good form', () => {
    expect(checkForm(good, t)).toEqual({});
  });
  it('names each field’s problem before anything is sent', () => {
    expect(checkForm({ ...good, employeeCode: 'has space', name: ' ', contact: '123', storeId: '', password: 'short' }, t)).toEqual({
      employeeCode: 'register.errors.codeFormat',
      name: 'register.errors.required',
      contact: 'register.errors.contactFormat',
      storeId: 'register.errors.store',
      password: 'register.errors.passwordShort:{"count":8}',
    });
    expect(checkForm({ ...good, password: 'password123' }, t).password).toBe('register.errors.passwordWeak');
    expect(checkForm({ ...good, employeeCode: 'K77123', password: 'k77123-Secret!' }, t).password).toBe('register.errors.passwordWeak');
  });
});

describe('checkForm with an activation code', () => {
  it('asks neither name nor store (the roster has them) and wants a whole code', () => {
    const withCode = { ...good, name: '', storeId: '', activationCode: 'abcd-efgh' };
    expect(checkForm(withCode, t)).toEqual({});
    expect(checkForm({ ...withCode, activationCode: 'ABCD-EFG' }, t).activationCode).toBe('register.errors.activationFormat');
    expect(checkForm({ ...withCode, activationCode: 'ABCD-EFG0' }, t).activationCode).toBe('register.errors.activationFormat');
  });
  it('checks the password against the roster name', () => {
    expect(checkForm({ ...good, name: '', storeId: '', activationCode: 'ABCD-EFGH', password: 'Piyanuch#2026' }, t, 'Piyanuch Saengthong').password).toBe('register.errors.passwordWeak');
  });
});

describe('codes', () => {
  it('reads a code as the server does: capitals, no spaces or dashes, 8 of the alphabet', () => {
    expect(normalizeCode(' ab cd-ef gh ')).toBe('ABCDEFGH');
    expect(isCompleteCode('abcd-efgh')).toBe(true);
    expect(isCompleteCode('ABCD-EFGO')).toBe(false);
    expect(isCompleteCode('ABCD-EFG1')).toBe(false);
    expect(isCompleteCode('ABCDEFGHJ')).toBe(false);
  });
});

describe('checkReset', () => {
  it('needs the identifier, a whole code and a strong password', () => {
    expect(checkReset({ identifier: 'S1001', code: 'ABCD-EFGH', password: 'Tiger#Lamp42' }, t)).toEqual({});
    expect(checkReset({ identifier: ' ', code: 'AB', password: 'short' }, t)).toEqual({
      identifier: 'register.errors.required',
      code: 'register.errors.activationFormat',
      password: 'register.errors.passwordShort:{"count":8}',
    });
    expect(checkReset({ identifier: 'S1001', code: 'ABCD-EFGH', password: 's1001-Secret' }, t).password).toBe('register.errors.passwordWeak');
  });
});

describe('groupStores', () => {
  const store = (id: string, region: string | null): RegisterStore => ({ id, code: id, name: id, region: region ? { id: region, code: region, name: region } : null });
  it('keeps the server order and groups consecutive stores of a region', () => {
    expect(groupStores([store('a', 'BKK'), store('b', 'BKK'), store('c', 'NTH'), store('d', null)]).map((g) => [g.region, g.stores.map((s) => s.id)])).toEqual([
      ['BKK', ['a', 'b']], ['NTH', ['c']], ['', ['d']],
    ]);
  });
});
