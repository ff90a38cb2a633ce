// A dialog holding a small form: fresh values each time it opens, the OK button submits, busy while
// `onSubmit` runs, and a failure kept in the dialog — by default the server's message above the form; an
// area's `onError` may put it on the fields instead (and return what is left to say, or null).
import { Alert, Form, Modal, type FormInstance } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';

export function FormDialog<V extends object>({
  open,
  title,
  okText,
  danger = false,
  name,
  form,
  initialValues,
  testId,
  okTestId,
  onCancel,
  onSubmit,
  onError,
  children,
}: {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  /** The form's name (the inputs' ids start with it). */
  name: string;
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  /** On a box around the form. */
  testId?: string;
  okTestId?: string;
  onCancel: () => void;
  onSubmit: (values: V) => Promise<void>;
  onError?: (e: unknown) => string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
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
      okButtonProps={{ danger, ...(okTestId ? { 'data-testid': okTestId } : {}) }}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <div data-testid={testId}>
        {error ? <Alert type="error" showIcon message={error} className="sf-res-drawer__alert" /> : null}
        <Form<V>
          form={form}
          layout="vertical"
          name={name}
          initialValues={initialValues}
          onFinish={async (v) => {
            setBusy(true);
            setError(null);
            try {
              await onSubmit(v);
            } catch (e) {
              setError(onError ? onError(e) : e instanceof ApiError ? e.message : t('resource.saveFailed'));
            } finally {
              setBusy(false);
            }
          }}
        >
          {children}
        </Form>
      </div>
    </Modal>
  );
}
