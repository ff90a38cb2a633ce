// The summary bar of an item's own screen (a coupon batch, a poll, a badge…): back link, picture, status, a
// few fields as the schema shows them (or as the area reads them), the screen's actions, and a line below.
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FieldValue } from './fields';
import { labelOf, type Item, type ResourceSchema } from './schema';
import { useLocale } from './format';
import { ClubThumb } from './ClubThumb';

export interface DetailSummaryProps {
  resource: ResourceSchema | undefined;
  item: Item | undefined;
  backTo: string;
  backText: string;
  /** Fields shown with their label, in order (missing ones skipped); none, no list. */
  fields?: string[];
  /** What reads inline after the status, unlabelled (a count, when it was updated). */
  facts?: ReactNode;
  /** How a field reads where the schema's way is not the area's (a count, a rule in words). */
  values?: Record<string, ReactNode>;
  /** The picture, when not the item's `image` as a club thumbnail; null for none. */
  thumb?: ReactNode;
  actions: ReactNode;
  /** A line under the bar (a progress). */
  below?: ReactNode;
  /** The CSS block of the bar's classes (__bar, __summary, __back, __actions): an area with its own look. */
  block?: string;
}

export function DetailSummary({
  resource,
  item,
  backTo,
  backText,
  fields = [],
  facts,
  values = {},
  thumb,
  actions,
  below,
  block = 'sf-club-detail',
}: DetailSummaryProps) {
  const locale = useLocale();
  const status = resource?.fields.find((f) => f.name === 'status');
  return (
    <Card className={`sf-admin-card ${block}__bar`}>
      {item && resource ? (
        <>
          <div className={`${block}__summary`}>
            <Link to={backTo} className={`${block}__back`}><ArrowLeftOutlined /> {backText}</Link>
            {thumb !== undefined ? thumb : 'image' in item ? <ClubThumb id={item.image} size={56} /> : null}
            {status ? <FieldValue field={status} value={item.status} /> : null}
            {facts}
            {fields.length ? (
              <dl className="sf-club-detail__fields">
                {fields.map((name) => {
                  const f = resource.fields.find((x) => x.name === name);
                  if (!f) return null;
                  return (
                    <div key={name} className="sf-club-detail__field">
                      <dt className="sf-res__muted">{labelOf(f.label, locale)}</dt>
                      <dd>{name in values ? values[name] : <FieldValue field={f} value={item[name]} />}</dd>
                    </div>
                  );
                })}
              </dl>
            ) : null}
            <Space wrap className={`${block}__actions`}>{actions}</Space>
          </div>
          {below ? <div className="sf-club-detail__below">{below}</div> : null}
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
    </Card>
  );
}
