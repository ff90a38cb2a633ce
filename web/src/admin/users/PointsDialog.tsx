// Adjust a user's points (admins only): POST /api/admin/users/:id/points {delta, reason, idempotencyKey}.
// One key per intended adjustment: a retry after a network failure reuses it, so nothing is counted twice.
import { Form, Input, InputNumber, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { newIdempotencyKey } from '../../lib/idempotency';
import { notify } from '../../lib/toast';
import { numberFormat } from '../../lib/intl';
import { fieldErrorsOn, FormDialog } from '../resources/FormDialog';

export function PointsDialog({ user, onClose }: { user: { id: string; name: string } | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ delta: number; reason: string }>();
  const [key, setKey] = useState(newIdempotencyKey);
  const [balance, setBalance] = useState<number | null>(null);

  // The form and its error are FormDialog's; the key and the result are this dialog's, fresh per person.
  useEffect(() => {
    if (!user) return;
    setKey(newIdempotencyKey());
    setBalance(null);
  }, [user]);

  const submit = async (v: { delta: number; reason: string }) => {
    if (!user) return;
    const res = await api<{ balance?: number; entry?: unknown }>(`/api/admin/users/${encodeURIComponent(user.id)}/points`, {
      method: 'POST',
      body: { delta: v.delta, reason: v.reason.trim(), idempotencyKey: key },
    });
    setBalance(typeof res.balance === 'number' ? res.balance : null);
    setKey(newIdempotencyKey());
    notify.success(t('pointsAdjust.done', { name: user.name }));
  };

  const done = balance !== null;
  return (
    <FormDialog
      form={form}
      name="adjust-points"
      open={!!user}
      title={t('pointsAdjust.title', { name: user?.name ?? '' })}
      okText={done ? t('pointsAdjust.close') : t('pointsAdjust.apply')}
      onCancel={onClose}
      onSubmit={submit}
      onError={(e) => fieldErrorsOn(form, e, ['delta', 'reason'])}
      result={done ? <Result status="success" title={t('pointsAdjust.newBalance', { balance: numberFormat().format(balance) })} className="sf-points__result" /> : undefined}
    >
      <Form.Item
        name="delta"
        label={t('pointsAdjust.delta')}
        extra={t('pointsAdjust.deltaHint')}
        rules={[
          { required: true, message: t('resource.rules.required') },
          { validator: (_, v) => (v === 0 ? Promise.reject(new Error(t('pointsAdjust.notZero'))) : Promise.resolve()) },
        ]}
      >
        <InputNumber precision={0} min={-1_000_000} max={1_000_000} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="reason" label={t('pointsAdjust.reason')} rules={[{ required: true, whitespace: true, message: t('resource.rules.required') }]}>
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormDialog>
  );
}
