// The queue's filters: status (pending by default, or every status), store, reward, the days it was
// asked in, and a search over the person (name, employee id).
import { Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RangePicker } from '../resources/dates';
import { ReferenceSelect } from '../resources/references';
import { FilterSearch } from '../resources/FilterSearch';
import { REDEMPTION_STATUSES, type RedemptionFilters } from './logic';

export function RedemptionFiltersBar({ value, onChange }: { value: RedemptionFilters; onChange: (next: RedemptionFilters) => void }) {
  const { t } = useTranslation();
  const set = (patch: Partial<RedemptionFilters>) => onChange({ ...value, ...patch });
  return (
    <div className="sf-res__toolbar sf-club-filters" role="search">
      <FilterSearch value={value.q} placeholder={t('clubAdmin.redemptions.search')} onSearch={(q) => set({ q })} />
      <Select
        className="sf-res__filter"
        aria-label={t('clubAdmin.redemptions.filterStatus')}
        value={value.status}
        onChange={(status) => set({ status })}
        style={{ minWidth: 160 }}
        options={[
          { value: '', label: t('clubAdmin.redemptions.allStatuses') },
          ...REDEMPTION_STATUSES.map((s) => ({ value: s, label: t(`clubAdmin.status.${s}`) })),
        ]}
      />
      <ReferenceSelect resource="stores" value={value.store ?? null} placeholder={t('clubAdmin.redemptions.filterStore')} onChange={(v) => set({ store: v ?? undefined })} style={{ minWidth: 180 }} />
      <ReferenceSelect resource="rewards" value={value.reward ?? null} placeholder={t('clubAdmin.redemptions.filterReward')} onChange={(v) => set({ reward: v ?? undefined })} style={{ minWidth: 200 }} />
      <RangePicker
        aria-label={t('clubAdmin.redemptions.filterDates')}
        placeholder={[t('clubAdmin.redemptions.fromDay'), t('clubAdmin.redemptions.toDay')]}
        value={[value.from ? dayjs(value.from) : null, value.to ? dayjs(value.to) : null]}
        allowEmpty={[true, true]}
        onChange={(range) =>
          set({ from: range?.[0] ? range[0].format('YYYY-MM-DD') : undefined, to: range?.[1] ? range[1].format('YYYY-MM-DD') : undefined })
        }
      />
    </div>
  );
}
