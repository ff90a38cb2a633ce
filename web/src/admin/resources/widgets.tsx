// The form's inputs, one per field type. Only ResourceForm imports this module; the rich-text editor
// (Tiptap) is loaded when a form first shows an html field.
import { Input, InputNumber, Select, Skeleton, Switch } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AudienceInput, StoreListInput } from './AudiencePicker';
import { DatePicker } from './dates';
import { isAudience, isMediaList, mediaKindOf, type MediaKind } from './fieldKinds';
import { useLocale } from './format';
import { MediaInput, MediaListInput } from './MediaField';
import { ReferenceSelect } from './references';
import { labelOf, type FieldSchema } from './schema';

const RichTextInput = lazy(() => import('./RichText').then((m) => ({ default: m.RichTextInput })));

/** The form input for a field. Controlled by antd Form.Item (value/onChange are injected). */
export function FieldInput({ field, disabled, mediaKind, ...rest }: { field: FieldSchema; disabled?: boolean; mediaKind?: MediaKind } & Record<string, unknown>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const p = { ...rest, disabled } as Record<string, unknown>;
  if (field.format === 'html')
    return (
      <Suspense fallback={<Skeleton.Input active block style={{ height: 160 }} />}>
        <RichTextInput {...(p as object)} placeholder={labelOf(field.label, locale)} />
      </Suspense>
    );
  if (isAudience(field)) return <AudienceInput {...(p as object)} />;
  if (field.format === 'stores') return <StoreListInput {...(p as object)} />;
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
      // antd's Thai locale has no date-and-time placeholder (it would fall back to English "Select date"). The
      // field's format is the locale's (dates.ts): 27/11/2569 14:30 in Thai.
      return <DatePicker {...p} showTime={{ format: 'HH:mm' }} placeholder={t('resource.pickDateTime')} style={{ width: '100%' }} />;
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
