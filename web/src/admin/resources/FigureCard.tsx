// One headline figure: its label (a link to the rows behind it when it has one), its number, and its change
// against the previous period (arrow + percent; nothing when the figure does not compare). The dashboard's
// and the reports' cards; light on purpose (the dashboard is in the back office's first chunk).
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { Card, Skeleton, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changeOf, formatValue, type Locale } from './figureFormat';

export interface FigureCardProps {
  figureKey: string;
  label: string;
  value: number | undefined;
  previous?: number | null;
  unit?: string;
  link?: string;
  icon?: ReactNode;
  tone?: 'brand' | 'green' | 'amber' | 'grey' | 'blue';
  /** What the previous period is, under the change ("vs the previous 30 days", "vs yesterday"). */
  compareText?: string;
  loading?: boolean;
}

export function FigureCard({ figureKey, label, value, previous, unit, link, icon, tone = 'brand', compareText, loading }: FigureCardProps) {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'th';
  const change = value === undefined ? null : changeOf(value, previous);
  const arrow = change?.dir === 'up' ? <ArrowUpOutlined /> : change?.dir === 'down' ? <ArrowDownOutlined /> : <MinusOutlined />;
  return (
    <Card className="sf-stat-card sf-figure" data-figure={figureKey} data-value={value ?? ''}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : (
        <div className="sf-stat-card__row">
          {icon ? (
            <span className={`sf-stat-card__icon is-${tone}`} aria-hidden="true">
              {icon}
            </span>
          ) : null}
          <div className="sf-figure__body">
            <Statistic
              title={
                link ? (
                  <Link to={link} data-testid={`figure-link-${figureKey}`}>
                    {label}
                  </Link>
                ) : (
                  label
                )
              }
              value={value ?? '–'}
              formatter={() => formatValue(value, unit, locale)}
            />
            {change ? (
              <div className={`sf-figure__change is-${change.dir}`} data-testid={`figure-change-${figureKey}`} data-dir={change.dir}>
                <span className="sf-figure__arrow" aria-hidden="true">
                  {arrow}
                </span>
                <span>{change.percent === null ? t('admin.figure.fromZero') : `${formatValue(change.percent, 'percent', locale)}`}</span>
                {compareText ? <span className="sf-figure__compare">{compareText}</span> : null}
              </div>
            ) : (
              <div className="sf-figure__change is-none" aria-hidden="true" />
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
