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
      <label className="sf-reports__filter">
        <span>{t('reports.filters.region')}</span>
        <Select
          data-testid="report-region"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('reports.filters.allRegions')}
          value={filters.region}
          onChange={(v?: string) => onChange(withRegion(filters, v || undefined, options?.stores ?? []))}
          options={(options?.regions ?? []).map((r) => ({ value: r.id, label: r.name }))}
          popupMatchSelectWidth={false}
        />
      </label>
      <label className="sf-reports__filter">
        <span>{t('reports.filters.store')}</span>
        <Select
          data-testid="report-store"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('reports.filters.allStores')}
          value={filters.store}
          onChange={(v?: string) => onChange({ ...filters, store: v || undefined })}
          options={stores.map((s) => ({ value: s.id, label: s.name }))}
          popupMatchSelectWidth={false}
        />
      </label>
      <label className="sf-reports__filter">
        <span>{t('reports.filters.position')}</span>
        <Select
          data-testid="report-position"
          allowClear
          showSearch
          placeholder={t('reports.filters.allPositions')}
          value={filters.position}
          onChange={(v?: string) => onChange({ ...filters, position: v || undefined })}
          options={(options?.positions ?? []).map((p) => ({ value: p, label: p }))}
          popupMatchSelectWidth={false}
        />
      </label>
      <Button className="sf-reports__reset" icon={<ReloadOutlined />} disabled={!any} onClick={() => onChange({})}>
        {t('reports.filters.reset')}
      </Button>
    </div>
  );
}
