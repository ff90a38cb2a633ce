// CSV and XLSX downloads of a list (the club's, an event's, a poll's, a survey's, a form's): plain links (the session cookie authenticates a GET), so the
// browser saves the file the server names.
import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export type ExportFormat = 'csv' | 'xlsx';

export function ExportButtons({ url }: { url: (format: ExportFormat) => string }) {
  const { t } = useTranslation();
  return (
    <Space.Compact>
      <Button icon={<FileTextOutlined />} href={url('csv')} download data-testid="export-csv">
        {t('clubAdmin.export.csv')}
      </Button>
      <Button icon={<FileExcelOutlined />} href={url('xlsx')} download data-testid="export-xlsx">
        {t('clubAdmin.export.xlsx')}
      </Button>
    </Space.Compact>
  );
}
