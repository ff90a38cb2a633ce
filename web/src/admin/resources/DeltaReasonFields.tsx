// The two fields of a signed adjustment with its reason (a reward's stock, a person's points): a whole number
// that is not zero, within ±1,000,000, and a reason of up to 200 characters, both required. The server checks
// the same; `notBelow` adds the "would fall below zero" rule an adjustment of a count needs.
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';

export interface DeltaReasonTexts {
  delta: string;
  deltaHint: string;
  notZero: string;
  reason: string;
}

export function DeltaReasonFields({ texts, notBelow }: { texts: DeltaReasonTexts; notBelow?: { current: number; message: string } }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="delta"
        label={texts.delta}
        extra={texts.deltaHint}
        rules={[
          { required: true, message: t('resource.rules.required') },
          {
            validator: (_, v: number | undefined) =>
              v === 0
                ? Promise.reject(new Error(texts.notZero))
                : notBelow && typeof v === 'number' && notBelow.current + v < 0
                  ? Promise.reject(new Error(notBelow.message))
                  : Promise.resolve(),
          },
        ]}
      >
        <InputNumber precision={0} min={-1_000_000} max={1_000_000} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="reason" label={texts.reason} rules={[{ required: true, whitespace: true, message: t('resource.rules.required') }]}>
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}
