// Fields shown only for some values of another field (a badge's `course` only for the rule "course
// completed"): the schema's `visibleWhen: {field, values}`. Pure: the form (ResourceForm) and the detail
// drawer use it; unit tested in visibility.test.ts.
import type { FieldSchema, VisibleWhen } from './schema';

export type { VisibleWhen };

/**
 * Whether `field` shows for the current `values`: no rule → yes; else the controlling field's value is one of
 * the rule's values, and the controlling field shows itself (rules chain; a loop counts as hidden).
 */
export function isVisible(field: FieldSchema, values: Record<string, unknown>, fields: FieldSchema[] = [], seen: Set<string> = new Set()): boolean {
  const rule = field.visibleWhen;
  if (!rule) return true;
  if (seen.has(field.name)) return false;
  seen.add(field.name);
  const value = values[rule.field];
  if (!rule.values.some((v) => v === value)) return false;
  const parent = fields.find((f) => f.name === rule.field);
  return parent ? isVisible(parent, values, fields, seen) : true;
}

/** The fields of `fields` a rule hides for `values` (their stored values are cleared on save). */
export function hiddenByRule(fields: FieldSchema[], values: Record<string, unknown>): FieldSchema[] {
  return fields.filter((f) => !isVisible(f, values, fields));
}

/**
 * The write body with the hidden fields emptied: on create they are left out; on edit a hidden field that
 * still holds a value is sent as null (a badge moved from "course completed" to "N courses" keeps no course).
 * Create-only and read-only fields are never sent.
 */
export function clearHidden(
  body: Record<string, unknown>,
  hidden: FieldSchema[],
  mode: 'create' | 'edit',
  before?: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...body };
  for (const f of hidden) {
    delete out[f.name];
    if (mode === 'edit' && !f.readOnly && !f.createOnly && before && before[f.name] !== null && before[f.name] !== undefined && before[f.name] !== '') out[f.name] = null;
  }
  return out;
}
