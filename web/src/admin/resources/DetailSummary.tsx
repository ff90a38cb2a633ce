// The summary bar of a club item's own screen (a coupon batch, a gift period): back link, picture, status,
// a few fields as the schema shows them, and the screen's actions.
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FieldValue } from './fields';
import { labelOf, type Item, type ResourceSchema } from './schema';
import { useLocale } from './format';
import { ClubThumb } from './ClubThumb';

export function DetailSummary({
  resource,
  item,
  backTo,
  backText,
  fields,
  actions,
}: {
  resource: ResourceSchema | undefined;
  item: Item | undefined;
  backTo: string;
  backText: string;
  /** Fields shown with their label, in order (missing ones skipped). */
  fields: string[];
  actions: ReactNode;
}) {
  const locale = useLocale();
  const status = resource?.fields.find((f) => f.name === 'status');
  return (
    <Card className="sf-admin-card sf-club-detail__bar">
      {item && resource ? (
        <div className="sf-club-detail__summary">
          <Link to={backTo} className="sf-club-detail__back"><ArrowLeftOutlined /> {backText}</Link>
          {'image' in item ? <ClubThumb id={item.image} size={56} /> : null}
          {status ? <FieldValue field={status} value={item.status} /> : null}
          <dl className="sf-club-detail__fields">
            {fields.map((name) => {
              const f = resource.fields.find((x) => x.name === name);
              if (!f) return null;
              return (
                <div key={name} className="sf-club-detail__field">
                  <dt className="sf-res__muted">{labelOf(f.label, locale)}</dt>
                  <dd><FieldValue field={f} value={item[name]} /></dd>
                </div>
              );
            })}
          </dl>
          <Space wrap className="sf-club-detail__actions">{actions}</Space>
        </div>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
    </Card>
  );
}
