// One of a report's tables: antd Table from the server's columns (numbers right-aligned and sortable), each
// row's link on its first cell, and the export menu (CSV / XLSX of exactly this table and these filters;
// plain links: the session cookie authenticates a GET, the browser saves the file the server names).
import { DownloadOutlined, FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../resources/format';
import { exportUrl, formatCell, valueText, type CellWords, type Filters, type ReportColumn, type ReportTable } from './logic';

const NUMBER_WIDTH = 128;
const DATE_WIDTH = 136;

type Row = { key: number; cells: ReportTable['rows'][number]; link?: string };

export function ReportTableCard({ report, table, title, column, filters, note }: { report: string; table: ReportTable; title: string; column: (c: ReportColumn) => string; filters: Filters; note?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const words: CellWords = useMemo(() => ({ yes: t('reports.yes'), no: t('reports.no'), value: valueText(t) }), [t]);
  const rows: Row[] = useMemo(() => table.rows.map((cells, i) => ({ key: i, cells, link: table.links?.[i] || undefined })), [table]);
  const columns: TableColumnsType<Row> = table.columns.map((c, i) => {
    const numeric = c.type === 'number' || c.type === 'percent';
    const nulls = (v: unknown) => (v === null || v === undefined ? -Infinity : Number(v));
    // Numbers and dates take what they need; text shares the rest, cut with an ellipsis and whole on hover,
    // so a table fits its card at 1366 px instead of scrolling sideways.
    const width = numeric ? NUMBER_WIDTH : c.type === 'date' ? DATE_WIDTH : undefined;
    return {
      key: c.key,
      title: column(c),
      width,
      ellipsis: width ? undefined : { showTitle: false },
      align: numeric ? 'right' : 'left',
      sorter: numeric
        ? (a: Row, b: Row) => nulls(a.cells[i]) - nulls(b.cells[i])
        : (a: Row, b: Row) => String(a.cells[i] ?? '').localeCompare(String(b.cells[i] ?? ''), locale),
      render: (_: unknown, r: Row) => {
        const text = formatCell(r.cells[i], c.type, locale, words, c.key);
        return i === 0 && r.link ? (
          <Link to={r.link} data-testid="row-link" title={text}>
            {text}
          </Link>
        ) : (
          <span title={width ? undefined : text}>{text}</span>
        );
      },
    };
  });
  const item = (format: 'csv' | 'xlsx', icon: React.ReactNode) => ({
    key: format,
    icon,
    label: (
      <a href={exportUrl(report, table.key, format, filters)} download data-testid={`export-${table.key}-${format}`}>
        {t(`reports.export.${format}`)}
      </a>
    ),
  });
  return (
    <Card
      className="sf-admin-card sf-reports__table"
      title={title}
      data-testid={`report-table-${table.key}`}
      extra={
        <Dropdown trigger={['click']} menu={{ items: [item('csv', <FileTextOutlined />), item('xlsx', <FileExcelOutlined />)] }}>
          <Button icon={<DownloadOutlined />} data-testid={`export-${table.key}`}>
            {t('reports.export.button')}
          </Button>
        </Dropdown>
      }
    >
      <Table<Row>
        size="middle"
        columns={columns}
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false, showTotal: (n) => t('reports.rows', { count: n }) } : false}
        locale={{ emptyText: t('reports.emptyTable') }}
      />
      {note ? <p className="sf-reports__note" data-testid={`report-note-${table.key}`}>{note}</p> : null}
    </Card>
  );
}
