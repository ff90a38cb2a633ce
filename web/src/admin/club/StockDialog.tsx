// Add or remove stock of a reward: POST /api/admin/rewards/:id/stock {delta, reason} (audited; the server
// never lets stock fall below zero and answers the item).
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/toast';
import { useInvalidateResource } from '../resources/data';
import { fieldErrorsOn, FormDialog } from '../resources/FormDialog';
import type { Item } from '../resources/schema';
import { adjustStock } from './api';

export function StockDialog({ reward, onClose }: { reward: Item | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateResource();
  const [form] = Form.useForm<{ delta: number; reason: string }>();
  const title = String(reward?.title ?? '');
  const stock = Number(reward?.stock ?? 0);

  const submit = async (v: { delta: number; reason: string }) => {
    if (!reward) return;
    const saved = await adjustStock(reward.id, v.delta, v.reason.trim());
    notify.success(t('clubAdmin.stock.done', { title, stock: Number(saved?.stock ?? stock + v.delta) }));
    void invalidate('rewards');
    onClose();
  };

  return (
    <FormDialog
      form={form}
      name="reward-stock"
      open={!!reward}
      title={t('clubAdmin.stock.title', { title })}
      okText={t('clubAdmin.stock.apply')}
      onCancel={onClose}
      onSubmit={submit}
      onError={(e) => fieldErrorsOn(form, e, ['delta', 'reason'])}
      intro={<p className="sf-res__muted">{t('clubAdmin.stock.current', { stock })}</p>}
    >
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
    </FormDialog>
  );
}
