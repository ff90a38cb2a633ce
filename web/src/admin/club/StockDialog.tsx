// Add or remove stock of a reward: POST /api/admin/rewards/:id/stock {delta, reason} (audited; the server
// never lets stock fall below zero and answers the item).
import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useInvalidateResource } from '../resources/data';
import type { Item } from '../resources/schema';
import { adjustStock } from './api';

export function StockDialog({ reward, onClose }: { reward: Item | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateResource();
  const [form] = Form.useForm<{ delta: number; reason: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const title = String(reward?.title ?? '');
  const stock = Number(reward?.stock ?? 0);

  useEffect(() => {
    if (reward) {
      form.resetFields();
      setError(null);
    }
  }, [reward, form]);

  const submit = async (v: { delta: number; reason: string }) => {
    if (!reward) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await adjustStock(reward.id, v.delta, v.reason.trim());
      notify.success(t('clubAdmin.stock.done', { title, stock: Number(saved?.stock ?? stock + v.delta) }));
      void invalidate('rewards');
      onClose();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) {
        const known = ['delta', 'reason'];
        form.setFields(Object.entries(e.fields).filter(([n]) => known.includes(n)).map(([n, m]) => ({ name: n as 'delta' | 'reason', errors: [m] })));
        const rest = Object.entries(e.fields).filter(([n]) => !known.includes(n));
        if (rest.length) setError(rest.map(([, m]) => m).join(' '));
      } else {
        setError(e instanceof ApiError ? e.message : t('resource.saveFailed'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!reward}
      title={t('clubAdmin.stock.title', { title })}
      okText={t('clubAdmin.stock.apply')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p className="sf-res__muted">{t('clubAdmin.stock.current', { stock })}</p>
      {error ? <Alert type="error" showIcon message={error} className="sf-res-drawer__alert" /> : null}
      <Form form={form} layout="vertical" name="reward-stock" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="delta"
          label={t('clubAdmin.stock.delta')}
          extra={t('clubAdmin.stock.deltaHint')}
          rules={[
            { required: true, message: t('resource.rules.required') },
            {
              validator: (_, v: number | undefined) =>
                v === 0
                  ? Promise.reject(new Error(t('clubAdmin.stock.notZero')))
                  : typeof v === 'number' && stock + v < 0
                    ? Promise.reject(new Error(t('clubAdmin.stock.belowZero', { stock })))
                    : Promise.resolve(),
            },
          ]}
        >
          <InputNumber precision={0} min={-1_000_000} max={1_000_000} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="reason" label={t('clubAdmin.stock.reason')} rules={[{ required: true, whitespace: true, message: t('resource.rules.required') }]}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
