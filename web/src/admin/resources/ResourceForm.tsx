// Create / edit drawer generated from a resource's fields. Server 422/409 `fields` land on their inputs;
// a stale version offers to reload the item.
import { Alert, Button, Drawer, Form, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/toast';
import { createItem, updateItem, useInvalidateResource } from './data';
import { FieldInput, fromDayjs, toDayjs, useLocale } from './fields';
import { createBody, formFields, labelOf, patchBody, rulesFor, serverMessageKey, writeFailure, type Item, type ResourceSchema, type WriteFailure } from './schema';
import { api } from '../../lib/api';

export interface ResourceFormProps {
  resource: ResourceSchema;
  mode: 'create' | 'edit';
  item?: Item;
  open: boolean;
  onClose: () => void;
  onSaved?: (item: Item) => void;
  /** Values set on create and not shown (e.g. the gallery of a gallery item). */
  fixed?: Record<string, unknown>;
}

function initialValues(r: ResourceSchema, mode: 'create' | 'edit', item?: Item): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of r.fields) {
    const v = mode === 'edit' && item ? item[f.name] : f.default;
    out[f.name] = f.type === 'datetime' ? toDayjs(v) : v === null ? undefined : v;
  }
  return out;
}

export function ResourceForm({ resource, mode, item, open, onClose, onSaved, fixed }: ResourceFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm();
  const invalidate = useInvalidateResource();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<WriteFailure | null>(null);
  const [current, setCurrent] = useState<Item | undefined>(item);
  const fields = useMemo(() => formFields(resource, mode).filter((f) => !(fixed && f.name in fixed)), [resource, mode, fixed]);

  useEffect(() => {
    if (!open) return;
    setCurrent(item);
    setFailure(null);
    form.resetFields();
    form.setFieldsValue(initialValues(resource, mode, item));
  }, [open, item, mode, resource, form]);

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
    setSaving(true);
    setFailure(null);
    try {
      let saved: Item;
      if (mode === 'create') {
        saved = await createItem(resource.name, { ...createBody(values, fields), ...(fixed ?? {}) });
        notify.success(t('resource.created', { name: labelOf(resource.label, locale) }));
      } else {
        const body = patchBody(current!, values, fields);
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
      form.setFields(
        f.fieldErrors.map((fe) => ({
          name: fe.name,
          errors: fe.errors.map((m) => {
            const k = serverMessageKey(m);
            return k ? t(k.key, k.values) : m;
          }),
        })),
      );
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
      width={520}
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
          const disabled = mode === 'edit' && f.createOnly;
          return (
            <Form.Item
              key={f.name}
              name={f.name}
              label={labelOf(f.label, locale)}
              valuePropName={f.type === 'boolean' ? 'checked' : 'value'}
              rules={rulesFor(f, mode).map(({ messageKey, values, ...rule }) => ({ ...rule, message: t(messageKey, values) }))}
              extra={disabled ? t('resource.createOnly') : undefined}
            >
              <FieldInput field={f} disabled={disabled} />
            </Form.Item>
          );
        })}
      </Form>
    </Drawer>
  );
}
