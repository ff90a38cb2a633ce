// Pieces every learning area shares: publish / archive quick actions, a patch on the item as it is now,
// and the preview of an item as staff will see it, in a phone-sized frame.
import { CheckCircleOutlined, InboxOutlined, LinkOutlined, MobileOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Popconfirm, Skeleton, Tag, Tooltip } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { deleteItem, updateItem, useInvalidateResource, useList } from '../resources/data';
import type { Item } from '../resources/schema';
import { moveIds } from './logic';

export type PreviewType = 'content' | 'course' | 'exam' | 'ebook' | 'article';

/** One-field intents (publish, archive, hide) apply to the item as it is now: fetch its version first. */
export function usePatchNow(resource: string) {
  const invalidate = useInvalidateResource();
  const { t } = useTranslation();
  return async (id: string, body: Record<string, unknown>, done?: string): Promise<Item | undefined> => {
    try {
      const fresh = await api<Item>(`/api/admin/${resource}/${encodeURIComponent(id)}`);
      const saved = await updateItem(resource, id, { ...body, version: fresh.version });
      if (done) notify.success(done);
      return saved;
    } catch (e) {
      notify.error(e instanceof ApiError && e.status === 422 ? Object.values(e.fields).join(' ') || e.message : e instanceof ApiError ? e.message : t('resource.saveFailed'));
      return undefined;
    } finally {
      void invalidate(resource);
    }
  };
}

/** Publish (draft / archived → published) or archive (published → archived), as icon buttons of a row. */
export function StatusActions({ resource, item, title, size = 'small', text = false }: { resource: string; item: Item; title: string; size?: 'small' | 'middle'; text?: boolean }) {
  const { t } = useTranslation();
  const patch = usePatchNow(resource);
  const [busy, setBusy] = useState(false);
  const run = async (status: string, done: string) => {
    setBusy(true);
    await patch(item.id, { status }, done);
    setBusy(false);
  };
  if (item.status === 'published')
    return (
      <Tooltip title={text ? undefined : t('learnAdmin.archive')}>
        <Button type={text ? 'default' : 'text'} size={size} icon={<InboxOutlined />} loading={busy} aria-label={t('learnAdmin.archiveItem', { title })} onClick={() => void run('archived', t('learnAdmin.archived', { title }))}>
          {text ? t('learnAdmin.archive') : null}
        </Button>
      </Tooltip>
    );
  return (
    <Tooltip title={text ? undefined : t('learnAdmin.publish')}>
      <Button type={text ? 'primary' : 'text'} size={size} icon={item.status === 'archived' ? <RollbackOutlined /> : <CheckCircleOutlined />} loading={busy} aria-label={t('learnAdmin.publishItem', { title })} onClick={() => void run('published', t('learnAdmin.published', { title }))}>
        {text ? t('learnAdmin.publish') : null}
      </Button>
    </Tooltip>
  );
}

export function PreviewButton({ onClick, title, text = false }: { onClick: () => void; title: string; text?: boolean }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={text ? undefined : t('learnAdmin.preview')}>
      <Button type={text ? 'default' : 'text'} size={text ? 'middle' : 'small'} icon={<MobileOutlined />} aria-label={t('learnAdmin.previewItem', { title })} onClick={onClick}>
        {text ? t('learnAdmin.preview') : null}
      </Button>
    </Tooltip>
  );
}

interface MediaLite {
  id: string;
  url: string;
  kind: string;
  mime?: string;
}

type Detail = Record<string, unknown> & { title?: string; summary?: string | null; cover?: MediaLite | null };

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** GET /api/admin/preview/:type/:id drawn like the staff page, 390 px wide. */
export function PreviewDrawer({ type, id, onClose }: { type: PreviewType; id: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['admin', 'preview', type, id],
    queryFn: ({ signal }) => api<Record<string, Detail>>(`/api/admin/preview/${type}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: !!id,
    staleTime: 0,
  });
  const d: Detail | undefined = q.data ? (q.data[type] ?? Object.values(q.data)[0]) : undefined;
  // Exam descriptions are rich text (sanitised by the server); ebook descriptions are plain text.
  const html = str(d?.bodyHtml) || str(d?.descriptionHtml) || (type === 'exam' ? str(d?.description) : '');
  const media = d?.media as MediaLite | null | undefined;
  const pdf = d?.pdf as MediaLite | null | undefined;
  const images = (Array.isArray(d?.images) ? d?.images : []) as MediaLite[];
  const lessons = (Array.isArray(d?.lessons) ? d?.lessons : []) as { id: string; title: string; kind: string }[];
  return (
    <Drawer open={!!id} onClose={onClose} width={470} title={t('learnAdmin.previewTitle')} className="sf-preview" destroyOnHidden>
      <div className="sf-preview__phone" data-testid="preview-phone">
        <div className="sf-preview__notch" aria-hidden="true" />
        <div className="sf-preview__screen">
          {q.isError ? <Alert type="error" showIcon message={t('learnAdmin.previewFailed')} /> : null}
          {!d && !q.isError ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
          {d ? (
            <article className="sf-preview__article">
              {d.cover?.url && !(media && media.kind === 'video') ? <img className="sf-preview__cover" src={d.cover.url} alt="" /> : null}
              {media?.kind === 'video' ? <video className="sf-preview__video" src={media.url} controls playsInline poster={d.cover?.url} /> : null}
              <div className="sf-preview__meta">
                {typeof d.kind === 'string' ? <Tag color="blue">{t(`learnAdmin.kinds.${d.kind}`)}</Tag> : null}
                {typeof d.points === 'number' && d.points > 0 ? <Tag color="gold">{t('learnAdmin.pointsN', { count: d.points })}</Tag> : null}
                {typeof d.durationMinutes === 'number' ? <Tag>{t('learnAdmin.minutesN', { count: d.durationMinutes })}</Tag> : null}
              </div>
              <h2 className="sf-preview__title">{str(d.title)}</h2>
              {str(d.author) ? <p className="sf-preview__summary">{str(d.author)}</p> : null}
              {d.summary ? <p className="sf-preview__summary">{d.summary}</p> : null}
              {/* Stored HTML was sanitised by the server on write (allow-list). */}
              {html ? <div className="sf-preview__body" dangerouslySetInnerHTML={{ __html: html }} /> : null}
              {str(d.description) && type !== 'exam' ? <p className="sf-preview__body">{str(d.description)}</p> : null}
              {media?.kind === 'pdf' || pdf ? (
                <a className="sf-preview__file" href={(pdf ?? media)!.url} target="_blank" rel="noreferrer">PDF · {t('learnAdmin.openPdf')}</a>
              ) : null}
              {images.length ? (
                <div className="sf-preview__images">
                  {images.map((m) => <img key={m.id} src={m.url} alt="" />)}
                </div>
              ) : null}
              {str(d.linkUrl) ? (
                <a className="sf-preview__file" href={str(d.linkUrl)} target="_blank" rel="noreferrer"><LinkOutlined /> {str(d.linkUrl)}</a>
              ) : null}
              {lessons.length ? (
                <ol className="sf-preview__lessons">
                  {lessons.map((l) => <li key={l.id}>{l.title}</li>)}
                </ol>
              ) : null}
              {typeof d.questionCount === 'number' ? (
                <p className="sf-preview__summary">{t('learnAdmin.examFacts', { count: d.questionCount, pass: d.passPercent ?? 0 })}</p>
              ) : null}
            </article>
          ) : null}
        </div>
      </div>
    </Drawer>
  );
}

/**
 * The ordered children of one parent (a course's lessons, an exam's questions): the list as shown, and a drag
 * move that shows the new order at once, saves it with PUT `orderUrl` and puts the old one back if that fails.
 */
export function useOrderedChildren({ resource, filters, orderUrl, savedText }: { resource: string; filters: Record<string, string>; orderUrl: string; savedText: string }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateResource();
  const list = useList(resource, { filters, sort: 'position', pageSize: 100 }, Object.values(filters).every(Boolean));
  const [order, setOrder] = useState<Item[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (list.data) setOrder(list.data.items);
  }, [list.data]);

  const move = async (activeId: string, overId: string) => {
    const before = order;
    const ids = moveIds(before.map((x) => x.id), activeId, overId);
    setOrder(ids.map((x) => before.find((l) => l.id === x)!));
    setSaving(true);
    try {
      await api(orderUrl, { method: 'PUT', body: { ids } });
      notify.success(savedText);
    } catch (e) {
      setOrder(before);
      notify.error(e instanceof ApiError ? e.message : t('resource.saveFailed'));
    } finally {
      setSaving(false);
      void invalidate(resource);
    }
  };

  return { list, order, saving, move };
}

/** A delete behind a confirmation: deletes `id` of `resource`, says `doneText` (or why it failed), then `onSettled`. */
export function DeleteConfirm({
  resource,
  id,
  title,
  okText,
  doneText,
  onSettled,
  children,
}: {
  resource: string;
  id: string;
  title: string;
  okText: string;
  doneText: string;
  onSettled: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      okText={okText}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onConfirm={async () => {
        try {
          await deleteItem(resource, id);
          notify.success(doneText);
        } catch (e) {
          notify.error(e instanceof ApiError ? e.message : t('resource.deleteFailed'));
        } finally {
          onSettled();
        }
      }}
    >
      {children}
    </Popconfirm>
  );
}
