// How a field's value reads, by type: table cells and detail views. Inputs are in widgets.tsx (the form's).
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AudienceSummary } from './AudiencePicker';
import { ClubThumb } from './ClubThumb';
import { THUMB_SIZE } from './columnWidths';
import { isAudience, isMediaList, mediaIds, mediaKindOf } from './fieldKinds';
import { formatDateTime, useLocale } from './format';
import { htmlExcerpt } from './html';
import { ReferenceName } from './references';
import { labelOf, type FieldSchema } from './schema';
import { numberFormat } from '../../lib/intl';

const enumColors: Record<string, string> = {
  active: 'green',
  published: 'green',
  pending: 'gold',
  draft: 'default',
  archived: 'orange',
  hidden: 'orange',
  visible: 'green',
  disabled: 'red',
  admin: 'purple',
  editor: 'blue',
};

/** A value as text or tags, for table cells (`compact`: a picture as a thumbnail alone) and the detail view. */
export function FieldValue({ field, value, compact = false }: { field: FieldSchema; value: unknown; compact?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return isAudience(field) ? <AudienceSummary value={value} /> : <span className="sf-res__empty">—</span>;
  if (isAudience(field)) return <AudienceSummary value={value} />;
  if (field.format === 'html') return <span className="sf-res__excerpt">{htmlExcerpt(value) || '—'}</span>;
  // A fraction shown as a percentage (e.g. an ad's click-through rate).
  if (field.format === 'percent')
    return <span className="sf-res__num">{numberFormat(locale === 'en' ? 'en-US' : 'th-TH', { style: 'percent', maximumFractionDigits: 1 }).format(Number(value))}</span>;
  // A picture is shown, not named.
  if (field.type === 'reference' && field.reference === 'medias' && mediaKindOf(field.name, field.format) === 'image')
    return <ClubThumb id={value} size={compact ? THUMB_SIZE : 96} />;
  if (isMediaList(field)) {
    const ids = mediaIds(value);
    if (compact)
      return (
        <span className="sf-res__thumbs">
          <ClubThumb id={ids[0]} size={THUMB_SIZE} />
          {ids.length > 1 ? <span className="sf-res__more">+{ids.length - 1}</span> : null}
        </span>
      );
    return (
      <Space size={4} wrap>
        {ids.slice(0, 4).map((id) => <ReferenceName key={id} resource="medias" id={id} />)}
        {ids.length > 4 ? <Tag className="sf-res__tag">+{ids.length - 4}</Tag> : null}
      </Space>
    );
  }
  switch (field.type) {
    case 'enum': {
      const o = field.options?.find((x) => x.value === value);
      return <Tag color={enumColors[String(value)] ?? 'default'} className="sf-res__tag">{o ? labelOf(o.label, locale) : String(value)}</Tag>;
    }
    case 'boolean':
      return <Tag color={value ? 'green' : 'default'} className="sf-res__tag">{value ? t('common.yes') : t('common.no')}</Tag>;
    case 'datetime':
      return <span className="sf-res__nowrap">{formatDateTime(value, locale)}</span>;
    case 'integer':
      return <span className="sf-res__num">{numberFormat(locale === 'en' ? 'en-US' : 'th-TH').format(Number(value))}</span>;
    case 'reference':
      return <ReferenceName resource={field.reference ?? ''} id={String(value)} />;
    case 'string_list':
      return (
        <Space size={[4, 4]} wrap>
          {(value as string[]).map((v) => <Tag key={v} className="sf-res__tag">{v}</Tag>)}
        </Space>
      );
    case 'json':
      return <Typography.Text code>{JSON.stringify(value)}</Typography.Text>;
    default:
      return <span>{String(value)}</span>;
  }
}
