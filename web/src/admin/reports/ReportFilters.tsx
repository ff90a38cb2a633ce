// The report's header filters: the period (presets: the last 7 / 30 / 90 days, this month, last month),
// region, store (narrowed to the region) and position. Shows what the server answered for (its default
// period when the URL names none).
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RangePicker } from '../resources/dates';
import { useLocale } from '../resources/format';
import { DAY, formatDay, PRESETS, presetRange, storesOf, withRegion, type Filters, type ReportAnswer, type ReportOptions } from './logic';

interface Props {
  filters: Filters;
  answer?: ReportAnswer;
  options?: ReportOptions;
  onChange: (next: Filters) => void;
}

export function ReportFilters({ filters, answer, options, onChange }: Props) {
  const { t } = useTranslation();
  const from = filters.from ?? answer?.filters.from;
  const to = filters.to ?? answer?.filters.to;
  const stores = storesOf(options?.stores ?? [], filters.region);
  const any = Object.values(filters).some(Boolean);
  const locale = useLocale();
  return (
    <div className="sf-reports__filters" role="search">
      <label className="sf-reports__filter">
        <span>{t('reports.filters.range')}</span>
        <RangePicker
          data-testid="report-range"
          value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
          allowClear={false}
          format={(d) => formatDay(d.format(DAY), locale)}
          placeholder={[t('reports.filters.from'), t('reports.filters.to')]}
          presets={PRESETS.map((p) => ({ label: <span data-testid={`preset-${p}`}>{t(`reports.filters.presets.${p}`)}</span>, value: presetRange(p) }))}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(range) => {
            if (range?.[0] && range[1]) onChange({ ...filters, from: range[0].format(DAY), to: range[1].format(DAY) });
          }}
        />
        {answer ? (
          <span className="sf-reports__compare" data-testid="report-compare">
            {t('reports.compare', { from: formatDay(answer.previous.from, locale), to: formatDay(answer.previous.to, locale) })}
          </span>
        ) : null}
      </label>
      <FilterSelect
        label={t('reports.filters.region')}
        testId="report-region"
        placeholder={t('reports.filters.allRegions')}
        value={filters.region}
        onChange={(v) => onChange(withRegion(filters, v, options?.stores ?? []))}
        options={(options?.regions ?? []).map((r) => ({ value: r.id, label: r.name }))}
      />
      <FilterSelect
        label={t('reports.filters.store')}
        testId="report-store"
        placeholder={t('reports.filters.allStores')}
        value={filters.store}
        onChange={(v) => onChange({ ...filters, store: v })}
        options={stores.map((s) => ({ value: s.id, label: s.name }))}
      />
      <FilterSelect
        label={t('reports.filters.position')}
        testId="report-position"
        placeholder={t('reports.filters.allPositions')}
        value={filters.position}
        onChange={(v) => onChange({ ...filters, position: v })}
        options={(options?.positions ?? []).map((p) => ({ value: p, label: p }))}
      />
      <Button className="sf-reports__reset" icon={<ReloadOutlined />} disabled={!any} onClick={() => onChange({})}>
        {t('reports.filters.reset')}
      </Button>
    </div>
  );
}

/** One labelled filter: searchable by the options' text, clearable (cleared reads as undefined). */
function FilterSelect({
  label,
  testId,
  placeholder,
  value,
  options,
  onChange,
}: {
  label: string;
  testId: string;
  placeholder: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <label className="sf-reports__filter">
      <span>{label}</span>
      <Select
        data-testid={testId}
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={placeholder}
        value={value}
        onChange={(v?: string) => onChange(v || undefined)}
        options={options}
        popupMatchSelectWidth={false}
      />
    </label>
  );
}
