// A dialog asking a reason (kept in the audit log) before a manual award or a revoke; with a person picker
// for an award (GET /api/admin/people: editors may use it, the `users` resource is admins' only). Errors stay
// in the dialog; a person who already holds the badge is said on the picker.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { FormDialog } from '../resources/FormDialog';
import { PersonSelect } from '../resources/PersonSelect';

export interface ReasonValues {
  userId: string;
  reason: string;
}

export function ReasonModal({
  open,
  title,
  okText,
  danger = false,
  pickPerson = false,
  testId,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  /** Ask who (an award); a revoke already knows. */
  pickPerson?: boolean;
  testId?: string;
  onCancel: () => void;
  onSubmit: (v: ReasonValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReasonValues>();
  // A person who already holds the badge is said on the picker; 422 field errors land on their inputs.
  const onError = (e: unknown) => {
    if (e instanceof ApiError && (e.code === 'ALREADY_AWARDED' || e.status === 409)) {
      form.setFields([{ name: 'userId', errors: [t('recognitionAdmin.award.already')] }]);
      return null;
    }
    if (e instanceof ApiError && e.status === 422 && Object.keys(e.fields).length) {
      form.setFields(Object.entries(e.fields).filter(([k]) => k === 'userId' || k === 'reason').map(([name, m]) => ({ name: name as keyof ReasonValues, errors: [m] })));
      return Object.entries(e.fields).some(([k]) => k !== 'userId' && k !== 'reason') ? e.message : null;
    }
    return e instanceof ApiError ? e.message : t('resource.saveFailed');
  };

  return (
    <FormDialog
      form={form}
      name={pickPerson ? 'badge-award' : 'badge-revoke'}
      open={open}
      title={title}
      okText={okText}
      danger={danger}
      testId={testId}
      okTestId={testId ? `${testId}-ok` : undefined}
      onCancel={onCancel}
      onSubmit={(v) => onSubmit({ userId: (v.userId ?? '').trim(), reason: (v.reason ?? '').trim() })}
      onError={onError}
    >
      {pickPerson ? (
        <Form.Item name="userId" label={t('recognitionAdmin.award.person')} rules={[{ required: true, whitespace: true, message: t('resource.rules.required') }]}>
          <PersonSelect placeholder={t('recognitionAdmin.award.personPlaceholder')} />
        </Form.Item>
      ) : null}
      <Form.Item
        name="reason"
        label={t('recognitionAdmin.reason')}
        extra={t('recognitionAdmin.reasonHint')}
        rules={[{ required: true, whitespace: true, message: t('resource.rules.required') }]}
      >
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} autoFocus={!pickPerson} />
      </Form.Item>
    </FormDialog>
  );
}
