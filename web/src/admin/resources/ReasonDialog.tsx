// Asks the reason of a redemption decision (required to reject: the employee sees it), for one row or a
// bulk action, then runs `onSubmit`; errors stay in the dialog.
import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      form.resetFields();
      setError(null);
    }
  }, [open, form]);

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger: required }}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon message={error} className="sf-res-drawer__alert" /> : null}
      <Form
        form={form}
        layout="vertical"
        name="redemption-reason"
        onFinish={async (v) => {
          setBusy(true);
          setError(null);
          try {
            await onSubmit((v.reason ?? '').trim());
          } catch (e) {
            setError(e instanceof ApiError ? e.message : t('resource.saveFailed'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item
          name="reason"
          label={t('clubAdmin.redemptions.reason')}
          extra={t('clubAdmin.redemptions.reasonHint')}
          rules={required ? [{ required: true, whitespace: true, message: t('resource.rules.required') }] : []}
        >
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
