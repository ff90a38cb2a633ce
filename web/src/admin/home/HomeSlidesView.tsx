// Back office "homeoptions": the Home slides. The generic list and editor come from the server's schema
// ("home-slides", in Home order); this adds only the slide's own parts: a 16:9 thumbnail, publish / archive,
// and the order on Home by drag (the kit's PUT /api/admin/home-slides/order).
import { OrderedListOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../resources/LoadErrorAlert';
import { useOrderedChildren } from '../resources/ordering';
import { PublishableList } from '../resources/PublishableList';
import { SortableList } from '../resources/Sortable';
import type { Item } from '../resources/schema';
import { SlideThumb } from './SlideThumb';
import './home-slides.css';

const RESOURCE = 'home-slides';

const STATUS_COLOR: Record<string, string> = { published: 'green', draft: 'default', archived: 'orange' };

/** Every slide in Home order; drag a row's handle to move it. */
function SlideOrder() {
  const { t } = useTranslation();
  const { list, order, saving, move } = useOrderedChildren({
    resource: RESOURCE,
    filters: {},
    orderUrl: `/api/admin/${RESOURCE}/order`,
    savedText: t('homeSlidesAdmin.orderSaved'),
  });
  if (list.isLoading) return <Skeleton active />;
  if (list.isError) return <LoadErrorAlert />;
  if (!order.length) return <Empty description={t('resource.empty')} />;
  return (
    <SortableList
      items={order}
      disabled={saving}
      onMove={(a, o) => void move(a, o)}
      className="sf-sort sf-slide-order"
      label={t('homeSlidesAdmin.orderLabel')}
      render={(s: Item, i, handle) => (
        <div className="sf-lesson sf-slide-order__row">
          {handle}
          <span className="sf-lesson__index">{i + 1}</span>
          <SlideThumb id={s.image} width={80} />
          <span className="sf-lesson__text">
            <span className="sf-lesson__title">{String(s.title ?? '')}</span>
            <span className="sf-lesson__sub">
              <Tag color={STATUS_COLOR[String(s.status)] ?? 'default'}>{t(`homeSlidesAdmin.status.${String(s.status)}`)}</Tag>
              <span className="sf-res__muted">{t('homeSlidesAdmin.counts', { impressions: Number(s.impressions ?? 0), taps: Number(s.taps ?? 0) })}</span>
            </span>
          </span>
        </div>
      )}
    />
  );
}

export function HomeSlidesView() {
  const { t } = useTranslation();
  const [ordering, setOrdering] = useState(false);
  return (
    <>
      <PublishableList
        resource={RESOURCE}
        cells={{ image: (v) => <SlideThumb id={v} /> }}
        updatedColumn={false}
        toolbarExtra={<Button icon={<OrderedListOutlined />} onClick={() => setOrdering(true)}>{t('homeSlidesAdmin.reorder')}</Button>}
      />
      <Drawer open={ordering} onClose={() => setOrdering(false)} width={560} title={t('homeSlidesAdmin.orderTitle')} destroyOnHidden>
        <p className="sf-res__muted sf-slide-order__hint">{t('homeSlidesAdmin.orderHint')}</p>
        <SlideOrder />
      </Drawer>
    </>
  );
}
