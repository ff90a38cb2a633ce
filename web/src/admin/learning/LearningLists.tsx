// The learning lists of the back office: contents, articles (+ comment moderation), ebooks, personalised
// rules, and the entry lists of courses and examinations (their editors are CourseEditor / ExamEditor).
import { DeleteOutlined, EditOutlined, EyeInvisibleOutlined, EyeOutlined, MobileOutlined, OrderedListOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvalidateResource } from '../resources/data';
import { ReferenceName, ReferenceSelect } from '../resources/references';
import type { ResourceFormProps } from '../resources/ResourceForm';
import { ResourceView } from '../resources/ResourceView';
import type { FieldSchema, Item, ResourceSchema } from '../resources/schema';
import { PreviewDrawer, type PreviewType } from './common';
import { PublishableList } from '../resources/PublishableList';
import { usePatchNow } from '../resources/publishing';
import { deleteItem } from '../resources/data';
import type { RowActions } from '../resources/rowActions';
import { useItemScreens } from '../resources/itemScreens';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';

/** Which fields a content of a kind shows (docs/LEARNING.md "contents"). */
export const CONTENT_KIND_FIELDS: Record<string, string[]> = {
  article: [],
  video: ['media'],
  pdf: ['media'],
  images: ['images'],
  link: ['linkUrl'],
};
const KIND_ONLY = new Set(['media', 'images', 'linkUrl']);

export function contentFieldVisible(name: string, values: Record<string, unknown>): boolean {
  if (!KIND_ONLY.has(name)) return true;
  const kind = typeof values.kind === 'string' ? values.kind : '';
  return (CONTENT_KIND_FIELDS[kind] ?? []).includes(name);
}

const contentForm: Pick<ResourceFormProps, 'visibleFields' | 'inputProps'> = {
  visibleFields: contentFieldVisible,
  inputProps: (f, values) => {
    if (f.name === 'media') return { mediaKind: values.kind === 'pdf' ? 'pdf' : 'video' };
    // Only the sub-categories of the chosen category (the server refuses any other).
    if (f.name === 'subcategory') return { filters: { category: typeof values.category === 'string' ? values.category : undefined } };
    return undefined;
  },
};

/** A publishable list whose rows can also be previewed as staff will see them. */
function LearningList({ type, extraActions, ...props }: { type: PreviewType } & Parameters<typeof PublishableList>[0]) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | undefined>();
  const actions = useCallback<RowActions>(
    (item: Item, schema: ResourceSchema) => [
      ...(extraActions?.(item, schema) ?? []),
      { key: 'preview', label: t('learnAdmin.preview'), icon: <MobileOutlined />, testId: 'row-preview', run: () => setPreview(item.id) },
    ],
    [extraActions, t],
  );
  return (
    <>
      <PublishableList {...props} extraActions={actions} />
      <PreviewDrawer type={type} id={preview} onClose={() => setPreview(undefined)} />
    </>
  );
}

export function ContentsView() {
  return <LearningList resource="contents" type="content" formProps={contentForm} />;
}

export function ArticlesView() {
  return <LearningList resource="articles" type="article" />;
}

export function EbooksView() {
  return <LearningList resource="ebooks" type="ebook" formProps={{ inputProps: (f) => (f.name === 'pdf' ? { mediaKind: 'pdf' } : undefined) }} />;
}

/** Comment moderation: hide / show again, delete. */
export function ArticleCommentsView() {
  const { t } = useTranslation();
  const patch = usePatchNow('article-comments');
  const invalidate = useInvalidateResource();
  const rowActions = useCallback<RowActions>(
    (item: Item) => {
      const hidden = item.status === 'hidden';
      return [
        {
          key: hidden ? 'show' : 'hide',
          label: hidden ? t('commentModeration.show') : t('commentModeration.hide'),
          icon: hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />,
          testId: hidden ? 'comment-show' : 'comment-hide',
          run: () => patch(item.id, { status: hidden ? 'visible' : 'hidden' }, hidden ? t('commentModeration.shown') : t('commentModeration.hidden')),
        },
        {
          key: 'delete',
          label: t('resource.delete'),
          icon: <DeleteOutlined />,
          danger: true,
          testId: 'comment-delete',
          confirm: { title: t('commentModeration.deleteConfirm'), okText: t('resource.delete') },
          run: async () => {
            try {
              await deleteItem('article-comments', item.id);
              notify.success(t('commentModeration.deleted'));
            } catch (e) {
              notify.error(e instanceof ApiError ? e.message : t('resource.deleteFailed'));
            } finally {
              void invalidate('article-comments');
            }
          },
        },
      ];
    },
    [invalidate, patch, t],
  );
  return (
    <ResourceView
      resource="article-comments"
      cells={{ body: (v) => <Typography.Paragraph className="sf-comments__body" ellipsis={{ rows: 2 }}>{String(v ?? '')}</Typography.Paragraph> }}
      rowActions={rowActions}
    />
  );
}

/** The resource a personalised rule's target type points into. */
export const TARGET_RESOURCE: Record<string, string> = {
  content: 'contents',
  contents: 'contents',
  course: 'courses',
  courses: 'courses',
  exam: 'examinations',
  examination: 'examinations',
  examinations: 'examinations',
  ebook: 'ebooks',
  ebooks: 'ebooks',
  article: 'articles',
  articles: 'articles',
};

function TargetInput({ type, value, onChange, disabled, id }: { type: string; value?: string | null; onChange?: (v: string | null) => void; disabled?: boolean; id?: string }) {
  const { t } = useTranslation();
  const first = useRef(type);
  // A new type makes the old target meaningless.
  useEffect(() => {
    if (first.current !== type) {
      first.current = type;
      if (value) onChange?.(null);
    }
  }, [type, value, onChange]);
  const resource = TARGET_RESOURCE[type];
  if (!resource) return <Typography.Text type="secondary">{t('personalizedAdmin.pickTypeFirst')}</Typography.Text>;
  return <ReferenceSelect key={resource} id={id} resource={resource} value={value} onChange={onChange} disabled={disabled} placeholder={t('personalizedAdmin.searchTarget')} style={{ width: '100%' }} />;
}

const personalizedForm: Pick<ResourceFormProps, 'renderInput'> = {
  renderInput: (f: FieldSchema, { values, disabled }) =>
    f.name === 'target' && f.type !== 'reference' ? <TargetInput type={String(values.targetType ?? '')} disabled={disabled} /> : undefined,
};

export function PersonalizedView() {
  const { t } = useTranslation();
  return (
    <ResourceView
      resource="personalized"
      cells={{ target: (v, item) => (v && TARGET_RESOURCE[String(item.targetType)] ? <TargetName type={String(item.targetType)} id={String(v)} /> : <span>{String(v ?? '—')}</span>) }}
      formProps={{ ...personalizedForm, labels: { target: t('personalizedAdmin.target') } }}
    />
  );
}

function TargetName({ type, id }: { type: string; id: string }) {
  return <ReferenceName resource={TARGET_RESOURCE[type] ?? ''} id={id} />;
}

export function CoursesView() {
  const { t } = useTranslation();
  const screens = useItemScreens('/admin/courses', { key: 'lessons', testId: 'course-lessons', label: t('courseEditor.openEditor'), icon: <OrderedListOutlined /> });
  return <LearningList resource="courses" type="course" {...screens} />;
}

export const examForm: Pick<ResourceFormProps, 'visibleFields'> = {
  visibleFields: (name, values) => name !== 'drawCount' || values.drawMode === 'random',
};

export function ExaminationsView() {
  const { t } = useTranslation();
  const screens = useItemScreens('/admin/examinations', { key: 'questions', testId: 'exam-questions', label: t('examEditor.openEditor'), icon: <EditOutlined /> });
  return <LearningList resource="examinations" type="exam" formProps={examForm} {...screens} />;
}
