// The form input of a field, by type (antd inputs, references, media, audience, rich text). Only ResourceForm
// imports this module: it is the one place that knows every editor widget.
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAudience } from './audience';
import { AudienceInput } from './AudiencePicker';
import { useLocale } from './format';
import { isMediaList, mediaKindOf, type MediaKind } from './media';
import { MediaInput, MediaListInput } from './MediaField';
import { ReferenceSelect } from './references';
import { RichTextInput } from './RichText';
import { labelOf, type FieldSchema } from './schema';

/** The form input for a field. Controlled by antd Form.Item (value/onChange are injected). */
export function FieldInput({ field, disabled, mediaKind, ...rest }: { field: FieldSchema; disabled?: boolean; mediaKind?: MediaKind } & Record<string, unknown>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const p = { ...rest, disabled } as Record<string, unknown>;
  if (field.format === 'html') return <RichTextInput {...(p as object)} placeholder={labelOf(field.label, locale)} />;
  if (isAudience(field)) return <AudienceInput {...(p as object)} />;
  if (isMediaList(field)) return <MediaListInput {...(p as object)} kind={mediaKind ?? mediaKindOf(field.name, field.format) ?? 'image'} />;
  if (field.type === 'reference' && field.reference === 'medias') return <MediaInput {...(p as object)} kind={mediaKind ?? mediaKindOf(field.name, field.format)} />;
  switch (field.type) {
    case 'text':
      return <Input.TextArea {...p} autoSize={{ minRows: 3, maxRows: 10 }} maxLength={field.maxLength} showCount={!!field.maxLength} />;
    case 'integer':
      return <InputNumber {...p} min={field.min} max={field.max} precision={0} style={{ width: '100%' }} />;
    case 'boolean':
      return <Switch {...(p as object)} />;
    case 'enum':
      return (
        <Select
          {...p}
          allowClear={!field.required}
          options={field.options?.map((o) => ({ value: o.value, label: labelOf(o.label, locale) }))}
        />
      );
    case 'datetime':
      return <DatePicker {...p} showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />;
    case 'reference':
      return <ReferenceSelect {...(p as object)} resource={field.reference ?? ''} allowClear={!field.required} placeholder={t('resource.choose')} />;
    case 'string_list':
      return <Select {...p} mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} placeholder={t('resource.tagsHint')} />;
    case 'json':
      return <Input.TextArea {...p} autoSize={{ minRows: 3, maxRows: 10 }} />;
    default:
      if (field.writeOnly) return <Input.Password {...p} maxLength={field.maxLength} autoComplete="new-password" />;
      return <Input {...p} maxLength={field.maxLength} type={field.format === 'email' ? 'email' : 'text'} />;
  }
}
