// Add or remove stock of a reward: POST /api/admin/rewards/:id/stock {delta, reason} (audited; the server
// never lets stock fall below zero and answers the item).
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/toast';
import { useInvalidateResource } from '../resources/data';
import { DeltaReasonFields } from '../resources/DeltaReasonFields';
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
      <DeltaReasonFields
        texts={{ delta: t('clubAdmin.stock.delta'), deltaHint: t('clubAdmin.stock.deltaHint'), notZero: t('clubAdmin.stock.notZero'), reason: t('clubAdmin.stock.reason') }}
        notBelow={{ current: stock, message: t('clubAdmin.stock.belowZero', { stock }) }}
      />
    </FormDialog>
  );
}
