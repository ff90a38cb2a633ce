// Generate codes into a batch: POST …/codes/generate {count, length, prefix?} → {added}. The server draws
// them from an alphabet without look-alikes (0/O/1/I/L).
import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      form.resetFields();
      setError(null);
    }
  }, [open, form]);

  const submit = async (v: Values) => {
    setBusy(true);
    setError(null);
    try {
      const prefix = v.prefix?.trim();
      const r = await generateCodes(batchId, { count: v.count, length: v.length, ...(prefix ? { prefix } : {}) });
      notify.success(t('clubAdmin.generate.done', { count: r.added }));
      onDone();
      onClose();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) {
        const known = ['count', 'length', 'prefix'];
        form.setFields(Object.entries(e.fields).filter(([n]) => known.includes(n)).map(([n, m]) => ({ name: n as keyof Values, errors: [m] })));
        const rest = Object.entries(e.fields).filter(([n]) => !known.includes(n));
        if (rest.length) setError(rest.map(([, m]) => m).join(' '));
      } else setError(e instanceof ApiError ? e.message : t('resource.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('clubAdmin.generate.title')}
      okText={t('clubAdmin.generate.apply')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'codes-generate-apply' }}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon message={error} className="sf-res-drawer__alert" /> : null}
      <Form<Values> form={form} layout="vertical" name="generate-codes" initialValues={{ length: GENERATE.defaultLength }} onFinish={(v) => void submit(v)}>
        <Form.Item
          name="count"
          label={t('clubAdmin.generate.count')}
          extra={t('clubAdmin.generate.countHint', { max: GENERATE.maxCount })}
          rules={[
            { required: true, message: t('resource.rules.required') },
            { type: 'integer', min: GENERATE.minCount, max: GENERATE.maxCount, message: t('clubAdmin.generate.between', { min: GENERATE.minCount, max: GENERATE.maxCount }) },
          ]}
        >
          <InputNumber precision={0} min={GENERATE.minCount} max={GENERATE.maxCount} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="length"
          label={t('clubAdmin.generate.length')}
          rules={[
            { required: true, message: t('resource.rules.required') },
            { type: 'integer', min: GENERATE.minLength, max: GENERATE.maxLength, message: t('clubAdmin.generate.between', { min: GENERATE.minLength, max: GENERATE.maxLength }) },
          ]}
        >
          <InputNumber precision={0} min={GENERATE.minLength} max={GENERATE.maxLength} style={{ width: 200 }} />
        </Form.Item>
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
      </Form>
    </Modal>
  );
}
