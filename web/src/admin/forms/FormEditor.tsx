// A form's own screen (/admin/forms/:id): its summary (the generic form to edit it, publish / archive), its
// questions in order, and the submissions with filters, detail and exports.
import { useTranslation } from 'react-i18next';
import { EditActions, ItemDetailScreen, useItemDetail } from '../resources/ItemDetail';
import type { AdminPage } from '../resources/pages';
import { FormQuestions } from './FormQuestions';
import { FormSubmissions } from './FormSubmissions';

const RESOURCE = 'forms';

export function FormEditor({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const detail = useItemDetail(RESOURCE, t('admin.menu.forms'));
  const { id, item: f } = detail;

  return (
    <ItemDetailScreen
      page={page}
      detail={detail}
      back={t('formsAdmin.back')}
      className="sf-form-admin"
      testId="form-editor"
      fields={['multipleSubmissions', 'startAt', 'endAt', 'audience', 'submissionsCount']}
      actions={<EditActions detail={detail} text={t('formsAdmin.edit')} testId="form-edit" />}
    >
      {f?.description ? <p className="sf-form-admin__description">{String(f.description)}</p> : null}
      {id ? <FormQuestions formId={id} onChanged={detail.refresh} /> : null}
      {id ? <FormSubmissions formId={id} /> : null}
    </ItemDetailScreen>
  );
}
