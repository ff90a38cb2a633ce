// Small pieces of the recognition screens: a picture from a media id, the rule of a badge as one line, the
// backfill's progress (polled while it runs).
import { CheckCircleOutlined } from '@ant-design/icons';
import { Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Image } from '../../lib/image';
import { useItem } from '../resources/data';
import { useLocale } from '../resources/format';
import { FieldValue } from '../resources/fields';
import { ReferenceName } from '../resources/references';
import type { Item, ResourceSchema } from '../resources/schema';
import { useBackfillItem } from './api';
import { backfillOf, backfillPercent, thresholdUnit } from './logic';
import { numberFormat } from '../../lib/intl';

/** A media library picture (the kit's `image` fields hold its id) as a small square. */
export function Thumb({ id, size = 40, round = false }: { id: unknown; size?: number; round?: boolean }) {
  const media = useItem('medias', typeof id === 'string' ? id : undefined, typeof id === 'string' && !!id);
  const url = typeof media.data?.url === 'string' ? media.data.url : '';
  const cls = `sf-rec-thumb${round ? ' is-round' : ''}`;
  if (!url) return <span className={`${cls} is-empty`} style={{ width: size, height: size }} aria-hidden="true" />;
  return <Image className={cls} src={url} alt="" width={size} height={size} sizes={`${size}px`} fit="contain" />;
}

/** "Course completed · Safety basics", "Courses completed · 5 courses", "Manual". */
export function CriteriaCell({ item, schema }: { item: Item; schema: ResourceSchema | undefined }) {
  const { t } = useTranslation();
  const field = schema?.fields.find((f) => f.name === 'criteria');
  const unit = thresholdUnit(item.criteria);
  const course = schema?.fields.find((f) => f.name === 'course');
  const exam = schema?.fields.find((f) => f.name === 'exam');
  return (
    <Space size={4} wrap className="sf-rec-criteria">
      {field ? <FieldValue field={field} value={item.criteria} /> : <Tag>{String(item.criteria ?? '')}</Tag>}
      {item.criteria === 'course_completed' && typeof item.course === 'string' && item.course ? (
        <ReferenceName resource={course?.reference ?? 'courses'} id={item.course} />
      ) : null}
      {item.criteria === 'exam_passed' && typeof item.exam === 'string' && item.exam ? <ReferenceName resource={exam?.reference ?? 'examinations'} id={item.exam} /> : null}
      {unit && item.threshold !== null && item.threshold !== undefined ? (
        <Typography.Text type="secondary">{t(`recognitionAdmin.threshold.${unit}`, { n: Number(item.threshold) })}</Typography.Text>
      ) : null}
    </Space>
  );
}

/** The backfill of a badge: a bar while it runs (read again every 2 s), a line once done, nothing before. */
export function BackfillProgress({ item, wide = false }: { item: Item; wide?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const n = (v: number) => numberFormat(locale === 'en' ? 'en-US' : 'th-TH').format(v);
  const poll = useBackfillItem(item);
  const listed = backfillOf(item.backfill);
  const b = listed?.state === 'running' ? (backfillOf(poll.data?.backfill) ?? listed) : listed;
  // A manual badge has no rule to backfill.
  if (!b || item.criteria === 'manual') return null;
  if (b.state === 'done')
    return (
      <span className="sf-rec-backfill is-done" data-testid="backfill-progress" data-state="done" data-done={b.done} data-total={b.total}>
        <CheckCircleOutlined /> {t('recognitionAdmin.backfill.done', { done: n(b.done) })}
      </span>
    );
  if (b.state === 'idle') return null;
  return (
    <span className="sf-rec-backfill" data-testid="backfill-progress" data-state="running" data-done={b.done} data-total={b.total} style={{ width: wide ? 320 : 180 }}>
      <Progress percent={backfillPercent(b)} size="small" status="active" showInfo={false} aria-label={t('recognitionAdmin.backfill.label')} />
      <span className="sf-res__muted">{t('recognitionAdmin.backfill.running', { done: n(b.done), total: n(b.total) })}</span>
    </span>
  );
}

/** A whole number in the UI language. */
export function Count({ value }: { value: unknown }) {
  const locale = useLocale();
  return <span className="sf-res__num">{numberFormat(locale === 'en' ? 'en-US' : 'th-TH').format(Number(value ?? 0))}</span>;
}
