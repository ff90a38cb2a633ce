// The preview of a learning item as staff will see it, in a phone-sized frame. (Publish / archive, delete
// and ordering are every area's: admin/resources/publishing.tsx, ordering.ts, PublishableList.tsx.)
import { LinkOutlined, MobileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Skeleton, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';

export type PreviewType = 'content' | 'course' | 'exam' | 'ebook' | 'article';

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

