// The server's resource schema (GET /api/admin/schema) and the pure mappings the generic screens are drawn
// from: list columns, filters, form rules, query strings, 422 errors. No antd import: cheap to unit test.
import type { Locale } from '../../i18n';
import { ApiError } from '../../lib/api';

export type FieldType = 'string' | 'text' | 'integer' | 'boolean' | 'enum' | 'datetime' | 'reference' | 'json' | 'string_list';

export interface Label {
  th: string;
  en: string;
}

export interface FieldOption {
  value: string;
  label: Label;
}

/** Show a field only while another field holds one of `values` (e.g. a badge's `course` for one rule). */
export interface VisibleWhen {
  field: string;
  values: unknown[];
}

export interface FieldSchema {
  name: string;
  type: FieldType;
  label: Label;
  required: boolean;
  readOnly: boolean;
  createOnly: boolean;
  writeOnly: boolean;
  unique: boolean;
  searchable: boolean;
  sortable: boolean;
  filterable: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  format?: string;
  default?: unknown;
  options?: FieldOption[];
  reference?: string;
  /** A line under the input in the form, from the area's declaration. */
  hint?: Label;
  /** Shown (and sent) only while another field has one of these values. */
  visibleWhen?: VisibleWhen;
}

export interface ActionSchema {
  name: string;
  minRole: 'editor' | 'admin';
  allowed: boolean;
}

export interface ResourceSchema {
  name: string;
  label: Label;
  titleField: string;
  subtitleField: string | null;
  readRole: 'editor' | 'admin';
  writeRole: 'editor' | 'admin';
  canWrite: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  defaultSort: string;
  sortable: string[];
  /** The admin list's columns, in order, as the area declares them (empty: pick from the fields). */
  listColumns?: string[];
  fields: FieldSchema[];
  actions: ActionSchema[];
}

export interface Schema {
  resources: ResourceSchema[];
}

export type Item = { id: string; createdAt: string; updatedAt: string; version: number } & Record<string, unknown>;

export interface ListPage {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

export const labelOf = (label: Label | undefined, locale: Locale | string): string =>
  !label ? '' : locale === 'en' ? label.en || label.th : label.th || label.en;

export function findResource(schema: Schema | undefined, name: string): ResourceSchema | undefined {
  return schema?.resources.find((r) => r.name === name);
}

/** Fields a list can show: never write-only, long text or raw JSON. */
const listable = (f: FieldSchema) => !f.writeOnly && f.type !== 'text' && f.type !== 'json';

/**
 * The columns of a list: `override` when the area names them, else the title and subtitle fields and every
 * sortable or filterable field, in declared order, at most `max`.
 */
export function listFields(r: ResourceSchema, override?: string[], max = 7): FieldSchema[] {
  const named = override ?? (r.listColumns?.length ? r.listColumns : undefined);
  if (named) return named.map((n) => r.fields.find((f) => f.name === n)).filter((f): f is FieldSchema => !!f);
  const picked = r.fields.filter(
    (f) => listable(f) && (f.name === r.titleField || f.name === r.subtitleField || f.sortable || f.filterable),
  );
  // Never drop the title when capping.
  const title = picked.find((f) => f.name === r.titleField);
  const capped = picked.slice(0, max);
  if (title && !capped.includes(title)) capped[capped.length - 1] = title;
  return capped;
}

/**
 * Filters drawn above a list: enums and booleans as fixed choices, references as a lookup. Free-text
 * filterable fields are left to the search box (the API still accepts them).
 */
export function filterFields(r: ResourceSchema): FieldSchema[] {
  return r.fields.filter((f) => f.filterable && ['enum', 'boolean', 'reference'].includes(f.type));
}

/** Fields of the create / edit form. Read-only fields never; create-only fields shown disabled on edit. */
export function formFields(r: ResourceSchema, mode: 'create' | 'edit'): FieldSchema[] {
  return r.fields.filter((f) => !f.readOnly && (mode === 'create' || !f.writeOnly));
}

export const isSortable = (r: ResourceSchema, field: string) => r.sortable.includes(field);

export interface ListParams {
  q?: string;
  filters?: Record<string, string | undefined>;
  sort?: string;
  page?: number;
  pageSize?: number;
}

/** `q`, `filter[x]`, `sort`, `page`, `pageSize` as the engine reads them (empty parts left out). */
export function listQuery(p: ListParams, paging = true): string {
  const s = new URLSearchParams();
  if (p.q?.trim()) s.set('q', p.q.trim());
  for (const [k, v] of Object.entries(p.filters ?? {})) if (v !== undefined && v !== '') s.set(`filter[${k}]`, v);
  if (p.sort) s.set('sort', p.sort);
  if (paging) {
    if (p.page && p.page > 1) s.set('page', String(p.page));
    if (p.pageSize) s.set('pageSize', String(p.pageSize));
  }
  const out = s.toString();
  return out ? `?${out}` : '';
}

/** antd Table sort state → `sort=field|-field` (undefined: the resource's default). */
export function sortParam(field: string | undefined, order: 'ascend' | 'descend' | null | undefined): string | undefined {
  if (!field || !order) return undefined;
  return order === 'descend' ? `-${field}` : field;
}

/** `sort=field|-field` → the column's antd sort order. */
export function sortOrderFor(sort: string | undefined, field: string): 'ascend' | 'descend' | null {
  if (!sort) return null;
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}

export interface Rule {
  required?: boolean;
  whitespace?: boolean;
  min?: number;
  max?: number;
  type?: 'email' | 'number' | 'array' | 'string' | 'integer';
  messageKey: string;
  values?: Record<string, number | string>;
}

/** Validation rules from the schema; messages are i18n keys (with values) so the form translates them. */
export function rulesFor(f: FieldSchema, mode: 'create' | 'edit'): Rule[] {
  const rules: Rule[] = [];
  const required = f.required && (mode === 'create' || !f.writeOnly) && f.type !== 'boolean';
  if (required) {
    rules.push({ required: true, messageKey: 'resource.rules.required' });
    if (f.type === 'string' || f.type === 'text') rules.push({ whitespace: true, messageKey: 'resource.rules.required' });
  }
  if (f.type === 'string' || f.type === 'text') {
    if (f.minLength !== undefined) rules.push({ type: 'string', min: f.minLength, messageKey: 'resource.rules.minLength', values: { count: f.minLength } });
    if (f.maxLength !== undefined) rules.push({ type: 'string', max: f.maxLength, messageKey: 'resource.rules.maxLength', values: { count: f.maxLength } });
    if (f.format === 'email') rules.push({ type: 'email', messageKey: 'resource.rules.email' });
  }
  if (f.type === 'integer') {
    rules.push({ type: 'integer', messageKey: 'resource.rules.integer' });
    if (f.min !== undefined) rules.push({ type: 'number', min: f.min, messageKey: 'resource.rules.min', values: { value: f.min } });
    if (f.max !== undefined) rules.push({ type: 'number', max: f.max, messageKey: 'resource.rules.max', values: { value: f.max } });
  }
  if (f.type === 'string_list') {
    if (f.minLength !== undefined) rules.push({ type: 'array', min: f.minLength, messageKey: 'resource.rules.minItems', values: { count: f.minLength } });
    if (f.maxLength !== undefined) rules.push({ type: 'array', max: f.maxLength, messageKey: 'resource.rules.maxItems', values: { count: f.maxLength } });
  }
  return rules;
}

/** A failed write → per-input errors for the form (`fields` of 422 / 409) and what is left for a banner. */
export interface WriteFailure {
  fieldErrors: { name: string; errors: string[] }[];
  kind: 'validation' | 'conflict' | 'stale' | 'other';
  message: string;
}

export function writeFailure(error: unknown, formFieldNames: string[]): WriteFailure {
  if (!(error instanceof ApiError)) return { fieldErrors: [], kind: 'other', message: error instanceof Error ? error.message : String(error) };
  const names = new Set(formFieldNames);
  const fieldErrors = Object.entries(error.fields)
    .filter(([name]) => names.has(name))
    .map(([name, message]) => ({ name, errors: [message] }));
  const unplaced = Object.entries(error.fields).filter(([name]) => !names.has(name) && name !== 'version');
  const rest = unplaced.map(([name, m]) => `${name}: ${m}`).join(' ');
  if (error.status === 409 && 'version' in error.fields) return { fieldErrors, kind: 'stale', message: error.fields.version ?? error.message };
  if (error.status === 409) return { fieldErrors, kind: 'conflict', message: rest || error.message };
  if (error.status === 422) return { fieldErrors, kind: 'validation', message: rest };
  return { fieldErrors, kind: 'other', message: error.message };
}

/** What a PATCH sends: the changed fields only (deep compare for lists), `null` for a cleared value, plus `version`. */
export function patchBody(before: Item, values: Record<string, unknown>, fields: FieldSchema[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.readOnly || f.createOnly || f.writeOnly || !(f.name in values)) continue;
    const now = normalise(values[f.name]);
    const was = normalise(before[f.name]);
    if (JSON.stringify(now) !== JSON.stringify(was)) body[f.name] = now;
  }
  body.version = before.version;
  return body;
}

/** What a POST sends: every filled field; empty optional values left out so defaults apply. */
export function createBody(values: Record<string, unknown>, fields: FieldSchema[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.readOnly) continue;
    const v = normalise(values[f.name]);
    if (v !== null) body[f.name] = v;
  }
  return body;
}

function normalise(v: unknown): unknown {
  if (v === undefined || v === '') return null;
  if (Array.isArray(v) && v.length === 0) return [];
  return v;
}

/** The text of an item's title (title field, else subtitle, else the id). */
export function itemTitle(r: ResourceSchema, item: Record<string, unknown> | undefined): string {
  if (!item) return '';
  const t = item[r.titleField];
  if (typeof t === 'string' && t) return t;
  const s = r.subtitleField ? item[r.subtitleField] : undefined;
  if (typeof s === 'string' && s) return s;
  return String(item.id ?? '');
}

// The server's messages (field errors included) map to translations in one place; toApiError() already
// applies it, so a field error reaching the form is in the UI language and passes through unchanged.
