import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { toApiError } from './api';
import { localizeCode, localizeFields } from './serverMessages';

afterEach(async () => {
  await i18n.changeLanguage('th');
});

const c = (code: string, params: Record<string, unknown> = {}) => ({ code, params });

describe('localizeCode', () => {
  it('translates fixed messages to Thai and gives the English in en', () => {
    const cases: [ReturnType<typeof c>, string, string][] = [
      [c('REQUIRED'), 'Required.', 'กรุณากรอกข้อมูลนี้'],
      [c('ALREADY_TAKEN'), 'Already taken.', 'ค่านี้ถูกใช้ไปแล้ว'],
      [c('SIGN_IN_TO_CONTINUE'), 'Sign in to continue.', 'กรุณาเข้าสู่ระบบเพื่อดำเนินการต่อ'],
      [c('NO_PERMISSION'), 'You do not have permission to do this.', 'คุณไม่มีสิทธิ์ทำรายการนี้'],
      [c('STALE_ITEM'), 'Someone else changed this item since you read it. Reload and try again.', 'มีผู้อื่นแก้ไขรายการนี้ไปแล้ว กรุณาโหลดใหม่แล้วลองอีกครั้ง'],
      [c('MUST_BE_LOCALE'), 'Must be "th" or "en".', 'ต้องเป็น "th" หรือ "en"'],
      [c('MAX_ATTEMPTS'), 'You have used all the attempts for this exam.', 'คุณใช้สิทธิ์ทำข้อสอบนี้ครบแล้ว'],
    ];
    for (const [code, en, th] of cases) {
      expect(localizeCode(code, en, 'th')).toBe(th);
      expect(localizeCode(code, en, 'en')).toBe(en);
    }
  });

  it('puts the values a message carries into its text', () => {
    const cases: [ReturnType<typeof c>, string, string][] = [
      [c('MAX_LENGTH', { count: 200 }), 'Must be at most 200 characters.', 'ยาวได้ไม่เกิน 200 ตัวอักษร'],
      [c('MIN_LENGTH', { count: 3 }), 'Must be at least 3 characters.', 'ต้องยาวอย่างน้อย 3 ตัวอักษร'],
      [c('MIN_VALUE', { value: -5 }), 'Must be at least -5.', 'ต้องไม่น้อยกว่า -5'],
      [c('BETWEEN', { min: 1, max: 500 }), 'Must be between 1 and 500.', 'ต้องอยู่ระหว่าง 1 ถึง 500'],
      [c('ONE_OF', { list: 'draft, published, archived' }), 'Must be one of: draft, published, archived.', 'ต้องเป็นค่าใดค่าหนึ่งต่อไปนี้: draft, published, archived'],
      [c('UNKNOWN_AUDIENCE_KIND', { kind: 'planets' }), 'Unknown audience kind "planets".', 'ไม่รู้จักกลุ่มเป้าหมายประเภท "planets"'],
      [c('NO_SUCH', { label: 'Store' }), 'No such Store.', 'ไม่พบ Store ที่ระบุ'],
      [c('IMAGE_TOO_LARGE', { size: 10 }), 'An image may be at most 10 MiB.', 'รูปภาพต้องมีขนาดไม่เกิน 10 MiB'],
      [c('ROWS_HAVE_ERRORS', { count: 3 }), '3 rows have errors.', 'มีข้อผิดพลาด 3 แถว'],
      [c('DUPLICATE_EMAIL', { line: 7 }), 'Duplicate email (also on line 7).', 'อีเมลซ้ำ (ซ้ำกับบรรทัด 7)'],
      // A roster line wraps a CSV parse error, which is translated too.
      [c('ON_LINE', { line: 4, message: c('QUOTE_NOT_CLOSED') }), 'Line 4: A quoted cell is not closed.', 'บรรทัด 4: มีช่องที่เปิดเครื่องหมายคำพูดแต่ไม่ได้ปิด'],
    ];
    for (const [code, en, th] of cases) {
      expect(localizeCode(code, en, 'th')).toBe(th);
      expect(localizeCode(code, en, 'en')).toBe(en);
    }
  });

  it('keeps the English for a code it does not know, or for no code at all', () => {
    expect(localizeCode(c('SOMETHING_NEWER'), 'Something the server never said.', 'th')).toBe('Something the server never said.');
    expect(localizeCode(undefined, 'As sent.', 'th')).toBe('As sent.');
    expect(localizeCode('REQUIRED', 'Required.', 'th')).toBe('Required.');
  });

  it('follows the UI language by default', async () => {
    await i18n.changeLanguage('th');
    expect(localizeCode(c('NOT_FOUND'), 'Not found.')).toBe('ไม่พบข้อมูล');
    await i18n.changeLanguage('en');
    expect(localizeCode(c('NOT_FOUND'), 'Not found.')).toBe('Not found.');
    expect(localizeFields({ a: 'Required.', b: 'Must be text.' }, { a: c('REQUIRED'), b: c('MUST_BE_TEXT') }, 'th')).toEqual({
      a: 'กรุณากรอกข้อมูลนี้',
      b: 'ต้องเป็นข้อความ',
    });
  });
});

describe('toApiError localises the envelope', () => {
  const body = {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      messageCode: c('FIELDS_NOT_VALID'),
      fields: { name: 'Required.', title: 'Must be at most 120 characters.', odd: 'Whatever the server says' },
      fieldCodes: { name: c('REQUIRED'), title: c('MAX_LENGTH', { count: 120 }), odd: c('NOT_IN_OUR_CATALOG') },
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
