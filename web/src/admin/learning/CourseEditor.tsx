// A course's own screen: details, publish / archive, preview, the ordered lessons (drag to reorder, add a
// content item or an exam, remove) and the mandatory assignments per audience.
import { DeleteOutlined, EditOutlined, FilePdfOutlined, FileTextOutlined, FormOutlined, LinkOutlined, PictureOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Input, Radio, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { storesFromQuery } from '../../lib/learning/assignmentLink';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { AdminPageHeader, MissingItemPage } from '../resources/AreaPage';
import { createItem, useInvalidateResource, useItem } from '../resources/data';
import { EditDialog, useItemDetail } from '../resources/ItemDetail';
import { FieldValue } from '../resources/fields';
import { formatDateTime, useLocale } from '../resources/format';
import { ReferenceName, ReferenceSelect } from '../resources/references';
import { ResourceView } from '../resources/ResourceView';
import type { Item } from '../resources/schema';
import type { AdminPage } from '../resources/pages';
import { PreviewButton, PreviewDrawer } from './common';
import { useOrderedChildren } from '../resources/ordering';
import { DeleteConfirm, StatusActions } from '../resources/publishing';
import { OrderedList } from '../resources/OrderedChildrenCard';
import { DetailSummary } from '../resources/DetailSummary';
import { FormDialog } from '../resources/FormDialog';

export function CourseEditor({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const invalidate = useInvalidateResource();
  const detail = useItemDetail('courses', t('admin.menu.courses'));
  const { id, schema: courses, item: c, setEditing } = detail;
  // A new assignment opened from the dashboard's weakest topics starts with the stores concerned.
  const [search] = useSearchParams();
  const storesParam = storesFromQuery(search).join(',');
  const assignmentForm = useMemo(() => (storesParam ? { defaults: { audience: { stores: storesParam.split(',') } } } : undefined), [storesParam]);
  const lessons = useOrderedChildren({
    resource: 'course-lessons',
    filters: { course: id },
    orderUrl: `/api/admin/courses/${encodeURIComponent(id)}/lessons/order`,
    savedText: t('courseEditor.orderSaved'),
  });
  const { order, saving } = lessons;
  const [adding, setAdding] = useState(false);
  const [preview, setPreview] = useState(false);

  const refresh = () => {
    void invalidate('course-lessons');
    detail.refresh();
  };

  const audienceField = courses.resource?.fields.find((f) => f.name === 'audience');

  if (detail.query.isError) return <MissingItemPage page={page} title={t('admin.menu.courses')} backTo="/admin/courses" backText={t('courseEditor.back')} />;

  return (
    <div className="sf-admin-page sf-learn-editor">
      <AdminPageHeader page={page} parent={{ title: t('admin.menu.courses'), to: '/admin/courses' }} title={c ? String(c.title) : t('admin.menu.courses')} subtitle={c?.summary ? String(c.summary) : undefined} />
      <DetailSummary
        block="sf-learn-editor"
        resource={courses.resource}
        item={c}
        backTo="/admin/courses"
        backText={t('courseEditor.back')}
        thumb={null}
        facts={
          c ? (
            <>
              <span className="sf-res__muted">{t('courseEditor.lessonCount', { count: order.length })}</span>
              {audienceField ? <FieldValue field={audienceField} value={c.audience} /> : null}
              <span className="sf-res__muted">{t('galleries.updated', { time: formatDateTime(c.updatedAt, locale) })}</span>
            </>
          ) : null
        }
        actions={
          c ? (
            <>
              <PreviewButton text title={String(c.title)} onClick={() => setPreview(true)} />
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>{t('courseEditor.editDetails')}</Button>
              <StatusActions resource="courses" item={c} title={String(c.title)} size="middle" text />
            </>
          ) : null
        }
      />

      <Card
        className="sf-admin-card sf-learn-editor__section"
        title={<span>{t('courseEditor.lessons')} {saving ? <Tag color="blue">{t('courseEditor.savingOrder')}</Tag> : null}</span>}
        extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>{t('courseEditor.addLesson')}</Button>}
      >
        <OrderedList
          ordered={lessons}
          label={t('courseEditor.lessons')}
          hint={t('courseEditor.dragHint')}
          hintClassName="sf-learn-editor__hint"
          empty={
            <Empty description={t('courseEditor.noLessons')}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>{t('courseEditor.addLesson')}</Button>
            </Empty>
          }
          renderRow={(l, lead, i) => (
            <div className="sf-lesson" data-lesson={String(l.title ?? '')}>
              {lead}
              <LessonSummary lesson={l} />
              <DeleteConfirm resource="course-lessons" id={l.id} title={t('courseEditor.removeConfirm')} okText={t('courseEditor.remove')} doneText={t('courseEditor.removed')} onSettled={refresh}>
                <Tooltip title={t('courseEditor.remove')}>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('courseEditor.removeLesson', { n: i + 1 })} />
                </Tooltip>
              </DeleteConfirm>
            </div>
          )}
        />
      </Card>

      <Card className="sf-admin-card sf-learn-editor__section" title={t('courseEditor.assignments')}>
        <p className="sf-res__muted sf-learn-editor__hint">{t('courseEditor.assignmentsHint')}</p>
        {id ? <ResourceView resource="course-assignments" fixed={{ course: id }} drawerKey="a" compact updatedColumn={false} formProps={assignmentForm} /> : null}
      </Card>

      <EditDialog detail={detail} onSaved={refresh} />
      <AddLessonModal
        open={adding}
        courseId={id}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          refresh();
        }}
      />
      {c ? <PreviewDrawer type="course" id={preview ? c.id : undefined} onClose={() => setPreview(false)} /> : null}
    </div>
  );
}

function AddLessonModal({ open, courseId, onClose, onAdded }: { open: boolean; courseId: string; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ kind: 'content' | 'exam'; item: string | null; title?: string }>();
  const kind = Form.useWatch('kind', form) ?? 'content';
  // A field error of the server goes on the input it is about (the item picker, or the title).
  const onError = (e: unknown) => {
    if (!(e instanceof ApiError && Object.keys(e.fields).length)) return undefined;
    form.setFields(Object.entries(e.fields).map(([name, m]) => ({ name: name === 'title' ? 'title' : 'item', errors: [m] })));
    return null;
  };
  return (
    <FormDialog
      form={form}
      name="add-lesson"
      open={open}
      title={t('courseEditor.addLesson')}
      okText={t('courseEditor.add')}
      width={560}
      initialValues={{ kind: 'content', item: null }}
      onCancel={onClose}
      onSubmit={async (v) => {
        // No position: the server appends the lesson at the end.
        const body: Record<string, unknown> = { course: courseId, kind: v.kind };
        body[v.kind === 'exam' ? 'exam' : 'content'] = v.item;
        if (v.title?.trim()) body.title = v.title.trim();
        await createItem('course-lessons', body);
        notify.success(t('courseEditor.added'));
        onAdded();
      }}
      onError={onError}
    >
      <Form.Item name="kind" label={t('courseEditor.lessonKind')}>
        <Radio.Group optionType="button" buttonStyle="solid" onChange={() => form.setFieldValue('item', null)} options={[
          { value: 'content', label: t('courseEditor.kindContent') },
          { value: 'exam', label: t('courseEditor.kindExam') },
        ]} />
      </Form.Item>
      <Form.Item name="item" label={kind === 'exam' ? t('courseEditor.pickExam') : t('courseEditor.pickContent')} rules={[{ required: true, message: t('resource.rules.required') }]}>
        <ReferenceSelect key={kind} resource={kind === 'exam' ? 'examinations' : 'contents'} placeholder={t('courseEditor.searchHint')} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="title" label={t('courseEditor.lessonTitle')} extra={t('courseEditor.lessonTitleHint')}>
        <Input maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}

const KIND_ICONS: Record<string, React.ReactNode> = {
  article: <FileTextOutlined />,
  video: <PlayCircleOutlined />,
  pdf: <FilePdfOutlined />,
  images: <PictureOutlined />,
  link: <LinkOutlined />,
};

/** A lesson's icon, title and the kind of its item (a content's kind, or exam). */
function LessonSummary({ lesson: l }: { lesson: Item }) {
  const { t } = useTranslation();
  const exam = l.kind === 'exam';
  const resource = exam ? 'examinations' : 'contents';
  const id = String((exam ? l.exam : l.content) ?? '');
  const item = useItem(resource, id, !!id);
  const kind = exam ? 'exam' : String(item.data?.kind ?? 'article');
  return (
    <>
      <span className={`sf-lesson__icon is-${kind}`} aria-hidden="true">{exam ? <FormOutlined /> : (KIND_ICONS[kind] ?? <FileTextOutlined />)}</span>
      <div className="sf-lesson__text">
        <span className="sf-lesson__title">{l.title ? String(l.title) : <ReferenceName resource={resource} id={id} />}</span>
        <span className="sf-res__muted sf-lesson__sub">
          <Tag className="sf-res__tag">{exam ? t('courseEditor.kindExam') : t(`learnAdmin.kinds.${kind}`)}</Tag>
          {item.data && item.data.status !== 'published' ? <Tag color="orange" className="sf-res__tag">{t('courseEditor.notPublished')}</Tag> : null}
          {l.title ? <ReferenceName resource={resource} id={id} /> : null}
        </span>
      </div>
    </>
  );
}
