// The summary bar of a badge's or a sticker set's screen: back link, picture, status, a few facts with the
// schema's labels, the screen's actions, and a line below (the backfill).
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FieldValue } from '../resources/fields';
import { useLocale } from '../resources/format';
import { labelOf, type Item, type ResourceSchema } from '../resources/schema';
import { Thumb } from './parts';

export function Summary({
  resource,
  item,
  backTo,
  backText,
  facts,
  actions,
  below,
}: {
  resource: ResourceSchema | undefined;
  item: Item | undefined;
  backTo: string;
  backText: string;
  /** Field name (for its label) and how its value reads. */
  facts: { key: string; value: ReactNode }[];
  actions: ReactNode;
  below?: ReactNode;
}) {
  const locale = useLocale();
  const status = resource?.fields.find((f) => f.name === 'status');
  return (
    <Card className="sf-admin-card sf-rec-detail__bar">
      {item && resource ? (
        <>
          <div className="sf-rec-detail__summary">
            <Link to={backTo} className="sf-rec-detail__back"><ArrowLeftOutlined /> {backText}</Link>
            <Thumb id={item.image} size={56} />
            {status ? <FieldValue field={status} value={item.status} /> : null}
            <dl className="sf-rec-detail__facts">
              {facts.map(({ key, value }) => {
                const f = resource.fields.find((x) => x.name === key);
                if (!f) return null;
                return (
                  <div key={key} className="sf-rec-detail__fact">
                    <dt className="sf-res__muted">{labelOf(f.label, locale)}</dt>
                    <dd>{value}</dd>
                  </div>
                );
              })}
            </dl>
            <Space wrap className="sf-rec-detail__actions">{actions}</Space>
          </div>
          {below ? <div className="sf-rec-detail__below">{below}</div> : null}
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
    </Card>
  );
}
