// Adjust a user's points (admins only): POST /api/admin/users/:id/points {delta, reason, idempotencyKey}.
// One key per intended adjustment: a retry after a network failure reuses it, so nothing is counted twice.
import { Alert, Form, Input, InputNumber, Modal, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { newIdempotencyKey } from '../../lib/idempotency';
import { notify } from '../../lib/toast';
import { numberFormat } from '../../lib/intl';


export function PointsDialog({ user, onClose }: { user: { id: string; name: string } | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ delta: number; reason: string }>();
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [balance, setBalance] = useState<number | null>(null);

  useEffect(() => {
    if (!user) return;
    form.resetFields();
    setKey(newIdempotencyKey());
    setError(null);
    setBalance(null);
  }, [user, form]);

  const submit = async (v: { delta: number; reason: string }) => {
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ balance?: number; entry?: unknown }>(`/api/admin/users/${encodeURIComponent(user.id)}/points`, {
        method: 'POST',
        body: { delta: v.delta, reason: v.reason.trim(), idempotencyKey: key },
      });
      setBalance(typeof res.balance === 'number' ? res.balance : null);
      setKey(newIdempotencyKey());
      notify.success(t('pointsAdjust.done', { name: user.name }));
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        const fields = Object.entries(e.fields);
        form.setFields(fields.filter(([n]) => n === 'delta' || n === 'reason').map(([n, m]) => ({ name: n as 'delta' | 'reason', errors: [m] })));
        const rest = fields.filter(([n]) => n !== 'delta' && n !== 'reason');
        if (!fields.length || rest.length) setError(rest.map(([, m]) => m).join(' ') || e.message);
      } else {
        setError(e instanceof ApiError ? e.message : t('resource.saveFailed'));
      }
    } finally {
      setBusy(false);
    }
  };

  const done = balance !== null;
  return (
    <Modal
      open={!!user}
      title={t('pointsAdjust.title', { name: user?.name ?? '' })}
      onCancel={onClose}
      okText={done ? t('pointsAdjust.close') : t('pointsAdjust.apply')}
      cancelButtonProps={done ? { style: { display: 'none' } } : undefined}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => (done ? onClose() : form.submit())}
      destroyOnHidden
    >
      {done ? (
        <Result status="success" title={t('pointsAdjust.newBalance', { balance: numberFormat().format(balance) })} className="sf-points__result" />
      ) : (
        <>
          {error ? <Alert type="error" showIcon message={error} className="sf-res-drawer__alert" /> : null}
          <Form form={form} layout="vertical" name="adjust-points" onFinish={(v) => void submit(v)}>
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
          </Form>
        </>
      )}
    </Modal>
  );
}
