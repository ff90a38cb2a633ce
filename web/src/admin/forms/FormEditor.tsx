// A form's own screen (/admin/forms/:id): its summary (the generic form to edit it, publish / archive), its
// questions in order, and the submissions with filters, detail and exports.
import { useTranslation } from 'react-i18next';
import { AdminPageHeader, MissingItemPage } from '../resources/AreaPage';
import { DetailSummary } from '../resources/DetailSummary';
import { EditActions, EditDialog, useItemDetail } from '../resources/ItemDetail';
import type { AdminPage } from '../resources/pages';
import { FormQuestions } from './FormQuestions';
import { FormSubmissions } from './FormSubmissions';

const RESOURCE = 'forms';

export function FormEditor({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const detail = useItemDetail(RESOURCE, t('admin.menu.forms'));
  const { id, item: f, title } = detail;

  if (detail.query.isError) return <MissingItemPage page={page} title={t('admin.menu.forms')} backTo="/admin/forms" backText={t('formsAdmin.back')} />;

  return (
    <div className="sf-admin-page sf-club-detail sf-form-admin" data-testid="form-editor">
      <AdminPageHeader page={page} parent={{ title: t('admin.menu.forms'), to: '/admin/forms' }} title={title} />
      <DetailSummary
        resource={detail.schema.resource}
        item={f}
        backTo="/admin/forms"
        backText={t('formsAdmin.back')}
        fields={['multipleSubmissions', 'startAt', 'endAt', 'audience', 'submissionsCount']}
        actions={<EditActions detail={detail} text={t('formsAdmin.edit')} testId="form-edit" />}
      />
      {f?.description ? <p className="sf-form-admin__description">{String(f.description)}</p> : null}
      {id ? <FormQuestions formId={id} onChanged={detail.refresh} /> : null}
      {id ? <FormSubmissions formId={id} /> : null}
      <EditDialog detail={detail} />
    </div>
  );
}
