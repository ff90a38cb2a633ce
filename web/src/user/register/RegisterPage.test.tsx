import { describe, expect, it } from 'vitest';
import { checkForm } from './RegisterPage';
import { groupStores, type RegisterStore } from './api';

const t = (k: string, o?: Record<string, unknown>) => (o ? `${k}:${JSON.stringify(o)}` : k);
const good = { employeeCode: 'N1', name: 'สมศรี ทดสอบ', contact: 'a@b.co', storeId: 's1', password: 'Tiger#Lamp42' };

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

describe('groupStores', () => {
  const store = (id: string, region: string | null): RegisterStore => ({ id, code: id, name: id, region: region ? { id: region, code: region, name: region } : null });
  it('keeps the server order and groups consecutive stores of a region', () => {
    expect(groupStores([store('a', 'BKK'), store('b', 'BKK'), store('c', 'NTH'), store('d', null)]).map((g) => [g.region, g.stores.map((s) => s.id)])).toEqual([
      ['BKK', ['a', 'b']], ['NTH', ['c']], ['', ['d']],
    ]);
  });
});
