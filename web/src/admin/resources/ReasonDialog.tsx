// Asks the reason of a decision (required to reject a redemption: the employee sees it), for one row or a
// bulk action, then runs `onSubmit`; errors stay in the dialog.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from './FormDialog';

export function ReasonDialog({
  open,
  title,
  okText,
  required,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: string;
  okText: string;
  required: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <FormDialog form={form} name="redemption-reason" open={open} title={title} okText={okText} danger={required} onCancel={onCancel} onSubmit={(v) => onSubmit((v.reason ?? '').trim())}>
      <Form.Item
        name="reason"
        label={t('clubAdmin.redemptions.reason')}
        extra={t('clubAdmin.redemptions.reasonHint')}
        rules={required ? [{ required: true, whitespace: true, message: t('resource.rules.required') }] : []}
      >
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} autoFocus />
      </Form.Item>
    </FormDialog>
  );
}
