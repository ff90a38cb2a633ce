// A form's own screen (/admin/forms/:id): its summary (the generic form to edit it, publish / archive), its
// questions in order, and the submissions with filters, detail and exports.
import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminPageHeader, MissingItemPage } from '../resources/AreaPage';
import { DetailSummary } from '../resources/DetailSummary';
import { useInvalidateResource, useItem, useResourceSchema } from '../resources/data';
import { StatusActions } from '../resources/publishing';
import { ResourceForm } from '../resources/ResourceForm';
import type { AdminPage } from '../resources/pages';
import { FormQuestions } from './FormQuestions';
import { FormSubmissions } from './FormSubmissions';

const RESOURCE = 'forms';

export function FormEditor({ page }: { page: AdminPage }) {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const invalidate = useInvalidateResource();
  const schema = useResourceSchema(RESOURCE);
  const form = useItem(RESOURCE, id);
  const [editing, setEditing] = useState(false);
  const refresh = () => {
    void invalidate(RESOURCE);
    void qc.invalidateQueries({ queryKey: ['admin', 'res', RESOURCE, 'item', id] });
  };

  const f = form.data;
  const title = f ? String(f.title ?? '') : t('admin.menu.forms');
  const canUpdate = !!schema.resource?.canUpdate;

  if (form.isError) return <MissingItemPage page={page} title={t('admin.menu.forms')} backTo="/admin/forms" backText={t('formsAdmin.back')} />;

  return (
    <div className="sf-admin-page sf-club-detail sf-form-admin" data-testid="form-editor">
      <AdminPageHeader page={page} parent={{ title: t('admin.menu.forms'), to: '/admin/forms' }} title={title} />
      <DetailSummary
        resource={schema.resource}
        item={f}
        backTo="/admin/forms"
        backText={t('formsAdmin.back')}
        fields={['multipleSubmissions', 'startAt', 'endAt', 'audience', 'submissionsCount']}
        actions={
          f && canUpdate ? (
            <>
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="form-edit">{t('formsAdmin.edit')}</Button>
              <StatusActions resource={RESOURCE} item={f} title={title} size="middle" text />
            </>
          ) : null
        }
      />
      {f?.description ? <p className="sf-form-admin__description">{String(f.description)}</p> : null}
      {id ? <FormQuestions formId={id} onChanged={refresh} /> : null}
      {id ? <FormSubmissions formId={id} /> : null}
      {schema.resource && f ? <ResourceForm resource={schema.resource} mode="edit" item={f} open={editing} onClose={() => setEditing(false)} onSaved={refresh} /> : null}
    </div>
  );
}
