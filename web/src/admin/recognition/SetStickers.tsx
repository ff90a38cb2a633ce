// The stickers of a set (the kit's `stickers`, ordered within the set), each with its rarity and its chance
// per random draw (the rarity weights 60 / 30 / 9 / 1 over the set).
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../resources/format';
import { OrderedChildrenCard } from '../resources/OrderedChildrenCard';
import { labelOf, type ResourceSchema } from '../resources/schema';
import { dropChances, rarityColor, rarityCounts } from './logic';
import { Thumb } from './parts';
import { numberFormat } from '../../lib/intl';

export function RarityTag({ rarity, schema }: { rarity: unknown; schema: ResourceSchema | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const option = schema?.fields.find((f) => f.name === 'rarity')?.options?.find((o) => o.value === rarity);
  const text = option ? labelOf(option.label, locale) : t(`recognitionAdmin.rarity.${String(rarity ?? 'common')}`, { defaultValue: String(rarity ?? '') });
  return (
    <Tag color={rarityColor(rarity)} className="sf-res__tag" data-testid="sticker-rarity" data-rarity={String(rarity ?? '')}>
      {text}
    </Tag>
  );
}

export function SetStickers({ setId, onChanged }: { setId: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const pct = (n: number) => numberFormat(locale === 'en' ? 'en-US' : 'th-TH', { style: 'percent', maximumFractionDigits: n < 0.01 ? 2 : 1 }).format(n);
  return (
    <OrderedChildrenCard
      resource="stickers"
      parentField="set"
      parentId={setId}
      texts="recognitionAdmin.stickers"
      block="sf-rec-detail"
      addTestId="sticker-add"
      onChanged={onChanged}
      above={(order, schema) => (
        <Space wrap className="sf-rec-stickers__counts">
          {rarityCounts(order).map((c) => (
            <span key={c.rarity}>
              <RarityTag rarity={c.rarity} schema={schema} /> {t('recognitionAdmin.stickers.count', { n: c.count })}
            </span>
          ))}
        </Space>
      )}
      row={(s, order, schema) => ({
        title: String(s.name ?? ''),
        sub: (
          <>
            <RarityTag rarity={s.rarity} schema={schema} />
            {t('recognitionAdmin.stickers.chance', { pct: pct(dropChances(order.map((o) => ({ id: o.id, rarity: o.rarity }))).get(s.id) ?? 0) })}
          </>
        ),
        thumb: <Thumb id={s.image} size={44} />,
        className: 'sf-rec-sticker',
        attributes: { 'data-sticker': String(s.name ?? ''), 'data-testid': 'admin-sticker' },
      })}
    />
  );
}
