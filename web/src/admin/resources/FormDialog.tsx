// A dialog holding a small form: fresh values each time it opens, the OK button submits, busy while
// `onSubmit` runs, and a failure kept in the dialog — by default the server's message above the form; an
// area's `onError` may put it on the fields instead (and return what is left to say, null for nothing, or
// undefined for the default). fieldErrorsOn is that split for the usual case.
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
  intro,
  result,
  width,
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
  onError?: (e: unknown) => string | null | undefined;
  /** Above the error and the form (e.g. the current stock). */
  intro?: ReactNode;
  /** Once done, what the dialog shows in the form's place: OK closes, no Cancel. */
  result?: ReactNode;
  width?: number;
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
      cancelButtonProps={result ? { style: { display: 'none' } } : undefined}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => (result ? onCancel() : form.submit())}
      destroyOnHidden
      width={width}
    >
      {result ?? (
        <div data-testid={testId}>
          {intro}
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
                const said = onError?.(e);
                setError(said !== undefined ? said : e instanceof ApiError ? e.message : t('resource.saveFailed'));
              } finally {
                setBusy(false);
              }
            }}
          >
            {children}
          </Form>
        </div>
      )}
    </Modal>
  );
}

/**
 * A form's onError for 422 field errors: the ones of `known` inputs go on them, the rest is said above the form
 * (null when nothing is left). Undefined when the failure has no field errors: the dialog says it its way.
 */
export function fieldErrorsOn<V>(form: FormInstance<V>, e: unknown, known: string[]): string | null | undefined {
  if (!(e instanceof ApiError && Object.keys(e.fields).length)) return undefined;
  const fields = Object.entries(e.fields);
  form.setFields(fields.filter(([n]) => known.includes(n)).map(([n, m]) => ({ name: n as never, errors: [m] })));
  const rest = fields.filter(([n]) => !known.includes(n));
  return rest.length ? rest.map(([, m]) => m).join(' ') : null;
}
