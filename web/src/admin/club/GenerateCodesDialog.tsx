// Generate codes into a batch: POST …/codes/generate {count, length, prefix?} → {added}. The server draws
// them from an alphabet without look-alikes (0/O/1/I/L).
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/toast';
import { fieldErrorsOn, FormDialog } from '../resources/FormDialog';
import { generateCodes } from './api';
import { GENERATE, prefixProblem } from './logic';

interface Values {
  count: number;
  length: number;
  prefix?: string;
}

export function GenerateCodesDialog({ batchId, open, onClose, onDone }: { batchId: string; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  const submit = async (v: Values) => {
    const prefix = v.prefix?.trim();
    const r = await generateCodes(batchId, { count: v.count, length: v.length, ...(prefix ? { prefix } : {}) });
    notify.success(t('clubAdmin.generate.done', { count: r.added }));
    onDone();
    onClose();
  };
  // Field errors land on their inputs; the rest is said above the form.
  const onError = (e: unknown) => fieldErrorsOn(form, e, ['count', 'length', 'prefix']);

  return (
    <FormDialog
      form={form}
      name="generate-codes"
      initialValues={{ length: GENERATE.defaultLength }}
      open={open}
      title={t('clubAdmin.generate.title')}
      okText={t('clubAdmin.generate.apply')}
      okTestId="codes-generate-apply"
      onCancel={onClose}
      onSubmit={submit}
      onError={onError}
    >
      <WholeNumberItem name="count" label={t('clubAdmin.generate.count')} extra={t('clubAdmin.generate.countHint', { max: GENERATE.maxCount })} min={GENERATE.minCount} max={GENERATE.maxCount} />
      <WholeNumberItem name="length" label={t('clubAdmin.generate.length')} min={GENERATE.minLength} max={GENERATE.maxLength} />
      <Form.Item
        name="prefix"
        label={t('clubAdmin.generate.prefix')}
        extra={t('clubAdmin.generate.prefixHint')}
        rules={[
          {
            validator: (_, v: string | undefined) => {
              const p = prefixProblem((v ?? '').trim());
              return p ? Promise.reject(new Error(t(p === 'chars' ? 'clubAdmin.generate.prefixChars' : 'clubAdmin.generate.prefixLong'))) : Promise.resolve();
            },
          },
        ]}
      >
        <Input maxLength={20} style={{ width: 200 }} />
      </Form.Item>
    </FormDialog>
  );
}

/** A required whole number between `min` and `max`, said in the error when it is not. */
function WholeNumberItem({ name, label, extra, min, max }: { name: keyof Values; label: string; extra?: string; min: number; max: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={[
        { required: true, message: t('resource.rules.required') },
        { type: 'integer', min, max, message: t('clubAdmin.generate.between', { min, max }) },
      ]}
    >
      <InputNumber precision={0} min={min} max={max} style={{ width: 200 }} />
    </Form.Item>
  );
}
