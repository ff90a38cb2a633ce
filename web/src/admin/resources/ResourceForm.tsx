// Create / edit drawer generated from a resource's fields. Server 422/409 `fields` land on their inputs;
// a stale version offers to reload the item.
import { Alert, Button, Col, Drawer, Form, Row, Space } from 'antd';
import type { FormInstance, Rule as AntRule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/toast';
import { createItem, updateItem, useInvalidateResource } from './data';
import { fromDayjs, toDayjs, useLocale } from './format';
import { FieldInput } from './widgets';
import { createBody, formFields, labelOf, patchBody, rulesFor, writeFailure, type FieldSchema, type Item, type ResourceSchema, type WriteFailure } from './schema';
import { api } from '../../lib/api';
import { clearHidden, hiddenByRule, isVisible } from './visibility';

export interface ResourceFormProps {
  resource: ResourceSchema;
  mode: 'create' | 'edit';
  item?: Item;
  open: boolean;
  onClose: () => void;
  onSaved?: (item: Item) => void;
  /** Values set on create and not shown (e.g. the gallery of a gallery item). */
  fixed?: Record<string, unknown>;
  /** Values a new item starts with, shown and editable (e.g. a refresher's audience from a dashboard link). */
  defaults?: Record<string, unknown>;
  /** Area rules: which fields show for the current values (e.g. kind-dependent fields). */
  visibleFields?: (name: string, values: Record<string, unknown>) => boolean;
  /** Area inputs: a widget of its own for a field (undefined: the generic one). */
  renderInput?: (field: FieldSchema, ctx: { values: Record<string, unknown>; disabled: boolean; form: FormInstance }) => ReactNode | undefined;
  /** Extra props for the generic input (e.g. `mediaKind`). */
  inputProps?: (field: FieldSchema, values: Record<string, unknown>) => Record<string, unknown> | undefined;
  /** Labels of the area's own inputs (e.g. a time limit edited in minutes). */
  labels?: Record<string, string>;
  /** The drawer's width; wider by default when the form has rich text. */
  width?: number;
}

export type { FieldSchema };

/** `startAt` / `endAt` style pairs: drawn side by side, the end must come after the start. */
export function windowPairs(names: string[]): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const n of names) {
    const m = n.match(/^(.*?)(start|Start)(At|Date)?$/);
    if (!m) continue;
    const end = `${m[1]}${m[2] === 'start' ? 'end' : 'End'}${m[3] ?? ''}`;
    if (names.includes(end)) pairs.set(n, end);
  }
  return pairs;
}

function initialValues(r: ResourceSchema, mode: 'create' | 'edit', item?: Item, defaults?: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of r.fields) {
    const v = mode === 'edit' && item ? item[f.name] : defaults && f.name in defaults ? defaults[f.name] : f.default;
    out[f.name] = f.type === 'datetime' ? toDayjs(v) : v === null ? undefined : v;
  }
  return out;
}

export function ResourceForm({ resource, mode, item, open, onClose, onSaved, fixed, defaults, visibleFields, renderInput, inputProps, labels, width }: ResourceFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm();
  const invalidate = useInvalidateResource();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<WriteFailure | null>(null);
  const [current, setCurrent] = useState<Item | undefined>(item);
  const allFields = useMemo(() => formFields(resource, mode).filter((f) => !(fixed && f.name in fixed)), [resource, mode, fixed]);
  const watched = (Form.useWatch((v) => v, form) ?? {}) as Record<string, unknown>;
  const fields = useMemo(() => {
    const values = { ...watched, ...(fixed ?? {}) };
    return allFields.filter((f) => isVisible(f, values, resource.fields) && (!visibleFields || visibleFields(f.name, watched)));
  }, [allFields, visibleFields, watched, fixed, resource.fields]);
  const pairs = useMemo(() => windowPairs(fields.filter((f) => f.type === 'datetime').map((f) => f.name)), [fields]);
  const pairedEnds = new Set(pairs.values());
  const drawerWidth = width ?? (allFields.some((f) => f.format === 'html' || f.format === 'audience') ? 820 : 520);

  useEffect(() => {
    if (!open) return;
    setCurrent(item);
    setFailure(null);
    form.resetFields();
    form.setFieldsValue(initialValues(resource, mode, item, defaults));
  }, [open, item, mode, resource, form, defaults]);

  const reload = async () => {
    if (!current) return;
    const fresh = await api<Item>(`/api/admin/${resource.name}/${current.id}`);
    setCurrent(fresh);
    setFailure(null);
    form.setFieldsValue(initialValues(resource, 'edit', fresh));
    void invalidate(resource.name);
  };

  const submit = async (raw: Record<string, unknown>) => {
    const values: Record<string, unknown> = { ...raw };
    for (const f of fields) if (f.type === 'datetime') values[f.name] = fromDayjs(values[f.name]);
    const hidden = hiddenByRule(allFields, { ...form.getFieldsValue(true), ...values, ...(fixed ?? {}) });
    setSaving(true);
    setFailure(null);
    try {
      let saved: Item;
      if (mode === 'create') {
        saved = await createItem(resource.name, { ...clearHidden(createBody(values, fields), hidden, 'create'), ...(fixed ?? {}) });
        // Hidden fields (another kind) are left out of a create.
        notify.success(t('resource.created', { name: labelOf(resource.label, locale) }));
      } else {
        const body = clearHidden(patchBody(current!, values, fields), hidden, 'edit', current);
        if (Object.keys(body).length === 1) {
          onClose();
          return;
        }
        saved = await updateItem(resource.name, current!.id, body);
        notify.success(t('resource.saved'));
      }
      void invalidate(resource.name);
      onSaved?.(saved);
      onClose();
    } catch (e) {
      const f = writeFailure(e, fields.map((x) => x.name));
      // The messages are already in the UI language (toApiError localises the server's field errors).
      form.setFields(f.fieldErrors.map((fe) => ({ name: fe.name, errors: fe.errors })));
      setFailure(f);
    } finally {
      setSaving(false);
    }
  };

  const title = mode === 'create' ? t('resource.createTitle', { name: labelOf(resource.label, locale) }) : t('resource.editTitle', { name: labelOf(resource.label, locale) });

  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      width={drawerWidth}
      destroyOnHidden
      className="sf-res-drawer"
      footer={
        <Space className="sf-res-drawer__footer">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {mode === 'create' ? t('resource.create') : t('resource.save')}
          </Button>
        </Space>
      }
    >
      {failure && failure.kind === 'stale' ? (
        <Alert
          type="warning"
          showIcon
          className="sf-res-drawer__alert"
          message={t('resource.staleTitle')}
          description={t('resource.staleBody')}
          action={<Button size="small" onClick={() => void reload()}>{t('resource.reload')}</Button>}
        />
      ) : failure && (failure.kind === 'conflict' || failure.kind === 'other' || failure.message) ? (
        <Alert
          type="error"
          showIcon
          className="sf-res-drawer__alert"
          message={failure.kind === 'conflict' ? t('resource.conflict') : t('resource.saveFailed')}
          description={failure.message || undefined}
        />
      ) : null}
      <Form form={form} name={`${resource.name}-${mode}`} layout="vertical" onFinish={(v) => void submit(v as Record<string, unknown>)} requiredMark scrollToFirstError>
        {fields.map((f) => {
          if (pairedEnds.has(f.name)) return null;
          const end = pairs.get(f.name);
          const item = (x: FieldSchema) => {
            const disabled = mode === 'edit' && x.createOnly;
            const custom = renderInput?.(x, { values: watched, disabled, form });
            const rules: AntRule[] = rulesFor(x, mode).map(({ messageKey, values, ...rule }) => ({ ...rule, message: t(messageKey, values) }));
            if (end && x.name === end)
              rules.push(({ getFieldValue }) => ({
                validator: (_, v) => {
                  const start = getFieldValue(f.name);
                  return v && start && dayjs(v).isBefore(dayjs(start)) ? Promise.reject(new Error(t('resource.rules.endAfterStart'))) : Promise.resolve();
                },
              }));
            return (
              <Form.Item
                key={x.name}
                name={x.name}
                label={labels?.[x.name] ?? labelOf(x.label, locale)}
                valuePropName={x.type === 'boolean' ? 'checked' : 'value'}
                rules={rules}
                dependencies={end && x.name === end ? [f.name] : undefined}
                extra={disabled ? t('resource.createOnly') : x.hint ? labelOf(x.hint, locale) : undefined}
              >
                {custom ?? <FieldInput field={x} disabled={disabled} {...(inputProps?.(x, watched) ?? {})} />}
              </Form.Item>
            );
          };
          if (end) {
            const endField = fields.find((x) => x.name === end)!;
            return (
              <Row key={f.name} gutter={16} className="sf-res-form__window">
                <Col span={12}>{item(f)}</Col>
                <Col span={12}>{item(endField)}</Col>
              </Row>
            );
          }
          return item(f);
        })}
      </Form>
    </Drawer>
  );
}
