// Adjust a user's points (admins only): POST /api/admin/users/:id/points {delta, reason, idempotencyKey}.
// One key per intended adjustment: a retry after a network failure reuses it, so nothing is counted twice.
import { Form, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { newIdempotencyKey } from '../../lib/idempotency';
import { notify } from '../../lib/toast';
import { numberFormat } from '../../lib/intl';
import { DeltaReasonFields } from '../resources/DeltaReasonFields';
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
      <DeltaReasonFields texts={{ delta: t('pointsAdjust.delta'), deltaHint: t('pointsAdjust.deltaHint'), notZero: t('pointsAdjust.notZero'), reason: t('pointsAdjust.reason') }} />
    </FormDialog>
  );
}
