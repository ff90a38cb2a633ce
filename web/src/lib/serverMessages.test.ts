import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { toApiError } from './api';
import { localizeServerFields, localizeServerMessage, serverMessageKey } from './serverMessages';

afterEach(async () => {
  await i18n.changeLanguage('th');
});

describe('localizeServerMessage', () => {
  it('translates fixed messages to Thai and keeps the server’s English in en', () => {
    const cases: [string, string][] = [
      ['Required.', 'กรุณากรอกข้อมูลนี้'],
      ['Already taken.', 'ค่านี้ถูกใช้ไปแล้ว'],
      ['Sign in to continue.', 'กรุณาเข้าสู่ระบบเพื่อดำเนินการต่อ'],
      ['You do not have permission to do this.', 'คุณไม่มีสิทธิ์ทำรายการนี้'],
      ['Someone else changed this item since you read it. Reload and try again.', 'มีผู้อื่นแก้ไขรายการนี้ไปแล้ว กรุณาโหลดใหม่แล้วลองอีกครั้ง'],
      ['Must be "th" or "en".', 'ต้องเป็น "th" หรือ "en"'],
      ['You have used all the attempts for this exam.', 'คุณใช้สิทธิ์ทำข้อสอบนี้ครบแล้ว'],
    ];
    for (const [en, th] of cases) {
      expect(localizeServerMessage(en, 'th')).toBe(th);
      expect(localizeServerMessage(en, 'en')).toBe(en);
    }
  });

  it('translates concatenated messages, carrying their numbers and names', () => {
    const cases: [string, string][] = [
      ['Must be at most 200 characters.', 'ยาวได้ไม่เกิน 200 ตัวอักษร'],
      ['Must be at least 3 characters.', 'ต้องยาวอย่างน้อย 3 ตัวอักษร'],
      ['Must be at least -5.', 'ต้องไม่น้อยกว่า -5'],
      ['Must be between 1 and 500.', 'ต้องอยู่ระหว่าง 1 ถึง 500'],
      ['Must be one of: draft, published, archived.', 'ต้องเป็นค่าใดค่าหนึ่งต่อไปนี้: draft, published, archived'],
      ['Unknown audience kind "planets".', 'ไม่รู้จักกลุ่มเป้าหมายประเภท "planets"'],
      ['No such Store.', 'ไม่พบ Store ที่ระบุ'],
      ['An image may be at most 10 MiB.', 'รูปภาพต้องมีขนาดไม่เกิน 10 MiB'],
      ['3 rows have errors.', 'มีข้อผิดพลาด 3 แถว'],
      ['Duplicate email (also on line 7).', 'อีเมลซ้ำ (ซ้ำกับบรรทัด 7)'],
      // A roster line wraps a CSV parse error, which is translated too.
      ['Line 4: A quoted cell is not closed.', 'บรรทัด 4: มีช่องที่เปิดเครื่องหมายคำพูดแต่ไม่ได้ปิด'],
      ['Line 4: something new', 'บรรทัด 4: something new'],
    ];
    for (const [en, th] of cases) {
      expect(localizeServerMessage(en, 'th')).toBe(th);
      expect(localizeServerMessage(en, 'en')).toBe(en);
    }
    expect(serverMessageKey('Must be at most 200 characters.')).toEqual({ key: 'serverMsg.pattern.maxLength', values: { count: 200 } });
  });

  it('passes unknown and already-translated text through unchanged (no double translation)', () => {
    expect(localizeServerMessage('Something the server never said.', 'th')).toBe('Something the server never said.');
    const once = localizeServerMessage('Must be at most 40 characters.', 'th');
    expect(localizeServerMessage(once, 'th')).toBe(once);
    expect(serverMessageKey(once)).toBeUndefined();
    expect(localizeServerMessage('', 'th')).toBe('');
  });

  it('follows the UI language by default', async () => {
    await i18n.changeLanguage('th');
    expect(localizeServerMessage('Not found.')).toBe('ไม่พบข้อมูล');
    await i18n.changeLanguage('en');
    expect(localizeServerMessage('Not found.')).toBe('Not found.');
    expect(localizeServerFields({ a: 'Required.', b: 'Must be text.' }, 'th')).toEqual({ a: 'กรุณากรอกข้อมูลนี้', b: 'ต้องเป็นข้อความ' });
  });
});

describe('toApiError localises the envelope', () => {
  const body = {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      fields: { name: 'Required.', title: 'Must be at most 120 characters.', odd: 'Whatever the server says' },
      requestId: 'r-9',
    },
  };

  it('in Thai, with code, status and requestId untouched', async () => {
    await i18n.changeLanguage('th');
    const e = toApiError(422, body);
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.status).toBe(422);
    expect(e.requestId).toBe('r-9');
    expect(e.message).toBe('ข้อมูลบางช่องไม่ถูกต้อง');
    expect(e.fields).toEqual({ name: 'กรุณากรอกข้อมูลนี้', title: 'ยาวได้ไม่เกิน 120 ตัวอักษร', odd: 'Whatever the server says' });
  });

  it('in English, as the server wrote it', async () => {
    await i18n.changeLanguage('en');
    const e = toApiError(422, body);
    expect(e.message).toBe('Some fields are not valid.');
    expect(e.fields).toEqual(body.error.fields);
  });

  it('falls back to the code when there is no message', () => {
    expect(toApiError(409, { error: { code: 'MAX_ATTEMPTS' } }).message).toBe('MAX_ATTEMPTS');
  });
});
