// The queue's filters: status (pending by default, or every status), store, reward, the days it was
// asked in, and a search over the person (name, employee id).
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter } from '../resources/DayRangeFilter';
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
      <DayRangeFilter label={t('clubAdmin.redemptions.filterDates')} fromText={t('clubAdmin.redemptions.fromDay')} toText={t('clubAdmin.redemptions.toDay')} from={value.from} to={value.to} onChange={set} />
    </div>
  );
}
