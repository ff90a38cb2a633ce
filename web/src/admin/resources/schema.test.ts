import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { localizeCode } from '../../lib/serverMessages';
import {
  createBody,
  filterFields,
  formFields,
  itemTitle,
  listFields,
  listQuery,
  patchBody,
  rulesFor,
  sortOrderFor,
  sortParam,
  writeFailure,
  type FieldSchema,
  type Item,
  type ResourceSchema,
} from './schema';
import { fakeField, fakeResource } from './schemaFakes';

const f = (name: string, type: FieldSchema['type'], more: Partial<FieldSchema> = {}) => fakeField(name, type, more);

const users: ResourceSchema = fakeResource(
  'users',
  'name',
  [
    f('employeeCode', 'string', { required: true, unique: true, searchable: true, sortable: true, maxLength: 40 }),
    f('email', 'string', { format: 'email', searchable: true }),
    f('name', 'string', { required: true, sortable: true, maxLength: 200 }),
    f('bio', 'text', { maxLength: 5000 }),
    f('role', 'enum', { required: true, filterable: true, sortable: true, options: [{ value: 'staff', label: { th: 'พนักงาน', en: 'Staff' } }] }),
    f('store', 'reference', { filterable: true, reference: 'stores' }),
    f('groups', 'string_list', { filterable: true, maxLength: 20 }),
    f('active', 'boolean', { filterable: true }),
    f('lastLogin', 'datetime', { readOnly: true, sortable: true }),
    f('password', 'string', { createOnly: true, writeOnly: true, required: true, minLength: 8 }),
    f('points', 'integer', { min: 0, max: 1000 }),
    f('meta', 'json'),
  ],
  { label: { th: 'ผู้ใช้งาน', en: 'Users' }, subtitleField: 'employeeCode', defaultSort: '-createdAt', sortable: ['createdAt', 'updatedAt', 'employeeCode', 'name', 'role'] },
);

describe('schema → list columns', () => {
  it('takes title, subtitle, sortable and filterable fields in declared order; never long text, JSON or write-only', () => {
    expect(listFields(users).map((x) => x.name)).toEqual(['employeeCode', 'name', 'role', 'store', 'groups', 'active', 'lastLogin']);
  });
  it('caps the columns but keeps the title', () => {
    const names = listFields(users, undefined, 2).map((x) => x.name);
    expect(names).toEqual(['employeeCode', 'name']);
    const r = { ...users, titleField: 'lastLogin' };
    expect(listFields(r, undefined, 3).map((x) => x.name)).toEqual(['employeeCode', 'name', 'lastLogin']);
  });
  it('follows an override and ignores unknown names', () => {
    expect(listFields(users, ['role', 'nope', 'name']).map((x) => x.name)).toEqual(['role', 'name']);
  });
  it('draws filters for filterable fields only', () => {
    expect(filterFields(users).map((x) => x.name)).toEqual(['role', 'store', 'active']);
  });
});

describe('schema → form', () => {
  it('leaves out read-only fields; write-only fields only on create', () => {
    expect(formFields(users, 'create').map((x) => x.name)).toContain('password');
    expect(formFields(users, 'edit').map((x) => x.name)).not.toContain('password');
    expect(formFields(users, 'create').map((x) => x.name)).not.toContain('lastLogin');
  });
  it('maps required, length, email, integer and list rules', () => {
    const code = rulesFor(users.fields[0]!, 'create');
    expect(code).toContainEqual({ required: true, messageKey: 'resource.rules.required' });
    expect(code).toContainEqual({ type: 'string', max: 40, messageKey: 'resource.rules.maxLength', values: { count: 40 } });
    expect(rulesFor(users.fields[1]!, 'create')).toEqual([{ type: 'email', messageKey: 'resource.rules.email' }]);
    const pw = rulesFor(users.fields.find((x) => x.name === 'password')!, 'create');
    expect(pw).toContainEqual({ type: 'string', min: 8, messageKey: 'resource.rules.minLength', values: { count: 8 } });
    expect(rulesFor(users.fields.find((x) => x.name === 'password')!, 'edit').some((r) => r.required)).toBe(false);
    const points = rulesFor(users.fields.find((x) => x.name === 'points')!, 'create');
    expect(points).toEqual([
      { type: 'integer', messageKey: 'resource.rules.integer' },
      { type: 'number', min: 0, messageKey: 'resource.rules.min', values: { value: 0 } },
      { type: 'number', max: 1000, messageKey: 'resource.rules.max', values: { value: 1000 } },
    ]);
    expect(rulesFor(users.fields.find((x) => x.name === 'groups')!, 'create')).toEqual([
      { type: 'array', max: 20, messageKey: 'resource.rules.maxItems', values: { count: 20 } },
    ]);
  });
  it('sends filled fields on create and only the changes (with version) on update', () => {
    expect(createBody({ employeeCode: 'E1', name: 'A', email: '', groups: [], role: 'staff', lastLogin: 'x' }, users.fields)).toEqual({
      employeeCode: 'E1',
      name: 'A',
      groups: [],
      role: 'staff',
    });
    const before = { id: '1', createdAt: '', updatedAt: '', version: 3, name: 'A', email: 'a@x.th', groups: ['x'], employeeCode: 'E1' } as Item;
    expect(patchBody(before, { name: 'A', email: '', groups: ['x', 'y'], employeeCode: 'E1' }, users.fields)).toEqual({
      email: null,
      groups: ['x', 'y'],
      version: 3,
    });
  });
});

describe('list query', () => {
  it('builds q, filter[x], sort, page and pageSize, skipping empty parts', () => {
    expect(listQuery({ q: ' ab ', filters: { role: 'staff', store: undefined, x: '' }, sort: '-name', page: 2, pageSize: 50 })).toBe(
      '?q=ab&filter%5Brole%5D=staff&sort=-name&page=2&pageSize=50',
    );
    expect(listQuery({ page: 1 })).toBe('');
    expect(listQuery({ q: 'x', page: 3, pageSize: 10 }, false)).toBe('?q=x');
  });
  it('maps antd sort state both ways', () => {
    expect(sortParam('name', 'ascend')).toBe('name');
    expect(sortParam('name', 'descend')).toBe('-name');
    expect(sortParam('name', null)).toBeUndefined();
    expect(sortOrderFor('-name', 'name')).toBe('descend');
    expect(sortOrderFor('name', 'name')).toBe('ascend');
    expect(sortOrderFor('-names', 'name')).toBeNull();
  });
});

describe('422 / 409 mapping', () => {
  const names = ['employeeCode', 'name', 'email'];
  it('puts 422 field messages on their inputs and keeps the rest for the banner', () => {
    const e = new ApiError(422, 'VALIDATION_FAILED', 'Invalid', { name: 'Required.', store: 'Not found.' });
    const out = writeFailure(e, names);
    expect(out.kind).toBe('validation');
    expect(out.fieldErrors).toEqual([{ name: 'name', errors: ['Required.'] }]);
    expect(out.message).toBe('store: Not found.');
  });
  it('puts a taken unique value on its input as a conflict', () => {
    const out = writeFailure(new ApiError(409, 'CONFLICT', 'Taken', { employeeCode: 'Already taken.' }), names);
    expect(out.kind).toBe('conflict');
    expect(out.fieldErrors).toEqual([{ name: 'employeeCode', errors: ['Already taken.'] }]);
  });
  it('recognises a stale version', () => {
    const out = writeFailure(new ApiError(409, 'CONFLICT', 'Stale', { version: 'Changed by someone else.' }), names);
    expect(out.kind).toBe('stale');
    expect(out.fieldErrors).toEqual([]);
  });
  it('passes other errors through', () => {
    expect(writeFailure(new ApiError(500, 'INTERNAL', 'Boom'), names)).toEqual({ fieldErrors: [], kind: 'other', message: 'Boom' });
    expect(writeFailure(new Error('x'), names).kind).toBe('other');
  });
});

describe('item title', () => {
  it('uses the title field, then the subtitle, then the id', () => {
    expect(itemTitle(users, { id: '1', name: 'Ann' })).toBe('Ann');
    expect(itemTitle(users, { id: '1', name: '', employeeCode: 'E1' })).toBe('E1');
    expect(itemTitle(users, { id: '1' })).toBe('1');
  });
});

describe('server messages', () => {
  it('shows the engine’s usual messages in Thai by their codes', () => {
    expect(localizeCode({ code: 'REQUIRED' }, 'Required.', 'th')).toBe('กรุณากรอกข้อมูลนี้');
    expect(localizeCode({ code: 'ALREADY_TAKEN' }, 'Already taken.', 'th')).toBe('ค่านี้ถูกใช้ไปแล้ว');
    expect(localizeCode({ code: 'MAX_LENGTH', params: { count: 20 } }, 'Must be at most 20 characters.', 'th')).toBe('ยาวได้ไม่เกิน 20 ตัวอักษร');
    expect(localizeCode({ code: 'MIN_VALUE', params: { value: 0 } }, 'Must be at least 0.', 'th')).toBe('ต้องไม่น้อยกว่า 0');
    expect(localizeCode({ code: 'UNKNOWN_TO_US' }, 'Something else', 'th')).toBe('Something else');
  });
});
