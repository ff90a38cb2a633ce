// The options of a gift period (the kit's `gift-options`, ordered within the period), each with how many
// picked it and its stock.
import { useTranslation } from 'react-i18next';
import { OrderedChildrenCard } from '../resources/OrderedChildrenCard';
import { ClubThumb } from '../resources/ClubThumb';

export function GiftOptions({ periodId, picked, onChanged }: { periodId: string; picked: Record<string, number>; onChanged: () => void }) {
  const { t } = useTranslation();
  return (
    <OrderedChildrenCard
      resource="gift-options"
      parentField="period"
      parentId={periodId}
      texts="clubAdmin.options"
      block="sf-club-detail"
      addTestId="gift-option-add"
      onChanged={onChanged}
      row={(o) => ({
        title: String(o.title ?? ''),
        sub: t('clubAdmin.options.counts', { picked: picked[o.id] ?? 0, stock: Number(o.stock ?? 0) }),
        thumb: <ClubThumb id={o.image} size={40} />,
        className: 'sf-club-option',
        attributes: { 'data-option': String(o.title ?? '') },
      })}
    />
  );
}
