// Roster import (docs/API.md "Roster import"): pick a CSV → dry run → per-row errors and the summary →
// confirm (only when no row has errors) → one transaction on the server → summary toast.
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Statistic, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { localizeCode, type ServerCode } from '../../lib/serverMessages';
import { notify } from '../../lib/toast';
import { useInvalidateResource } from '../resources/data';

export interface ImportRow {
  line: number;
  employeeCode: string;
  action: 'create' | 'update' | 'skip';
  errors: Record<string, string>;
  /** The code of each error, to show it in the UI language. */
  errorCodes?: Record<string, ServerCode>;
}

export interface ImportReport {
  dryRun: boolean;
  rows: ImportRow[];
  summary: { create: number; update: number; skip: number; errors: number };
  /** Names the import's new people (not in a dry run): activation codes for them. */
  importId?: string;
}

export function importRoster(file: Blob, dryRun: boolean): Promise<ImportReport> {
  return api<ImportReport>(`/api/admin/users/import${dryRun ? '?dryRun=1' : ''}`, { method: 'POST', rawBody: file, contentType: 'text/csv' });
}

/** The CSV column a row error is about (`storeCode` → `store_code`), as the file names it. */
export const csvColumn = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const actionColor = { create: 'green', update: 'blue', skip: 'default' } as const;

/** `onImported`: the import made new people, who need activation codes (the users screen offers them). */
export function RosterImport({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported?: (importId: string, created: number) => void }) {
  const { t, i18n } = useTranslation();
  const invalidate = useInvalidateResource();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setReport(null);
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const check = async (f: File) => {
    setFile(f);
    setReport(null);
    setError(null);
    setBusy(true);
    try {
      setReport(await importRoster(f, true));
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields.file ?? e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const r = await importRoster(file, false);
      notify.success(t('users.import.done', { create: r.summary.create, update: r.summary.update, skip: r.summary.skip }));
      void invalidate('users');
      close();
      if (r.importId && r.summary.create > 0) onImported?.(r.importId, r.summary.create);
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        // Something changed since the dry run: show the fresh report.
        await check(file);
      }
      setError(e instanceof ApiError ? (e.fields.file ?? e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };

  const hasErrors = !!report && report.summary.errors > 0;

  return (
    <Modal
      open={open}
      onCancel={close}
      title={t('users.import.title')}
      width={860}
      destroyOnHidden
      footer={
        <Space>
          {report ? <Button onClick={reset}>{t('users.import.another')}</Button> : null}
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="primary" disabled={!report || hasErrors || busy} loading={busy && !!report} onClick={() => void commit()}>
            {t('users.import.confirm')}
          </Button>
        </Space>
      }
    >
      {!report ? (
        <>
          <p className="sf-import__help">{t('users.import.help')}</p>
          <Upload.Dragger
            accept=".csv,text/csv"
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(f) => {
              void check(f);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon"><InboxOutlined /></p>
            <p className="ant-upload-text">{busy ? t('users.import.checking') : t('users.import.drop')}</p>
            <p className="ant-upload-hint">{t('users.import.columns')}</p>
          </Upload.Dragger>
        </>
      ) : null}
      {error ? <Alert type="error" showIcon message={t('users.import.failed')} description={error} className="sf-import__alert" /> : null}
      {report ? (
        <div className="sf-import__report">
          <p className="sf-import__file">{t('users.import.dryRunOf', { file: file?.name ?? '' })}</p>
          <div className="sf-import__summary" data-testid="import-summary">
            <Statistic title={t('users.import.create')} value={report.summary.create} />
            <Statistic title={t('users.import.update')} value={report.summary.update} />
            <Statistic title={t('users.import.skip')} value={report.summary.skip} />
            <Statistic title={t('users.import.errors')} value={report.summary.errors} valueStyle={hasErrors ? { color: '#cf1322' } : undefined} />
          </div>
          {hasErrors ? <Alert type="warning" showIcon message={t('users.import.fixFirst')} className="sf-import__alert" /> : null}
          <Table<ImportRow>
            size="small"
            rowKey="line"
            dataSource={report.rows}
            pagination={report.rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            rowClassName={(r) => (Object.keys(r.errors).length ? 'sf-import__row--error' : '')}
            columns={[
              { key: 'line', dataIndex: 'line', title: t('users.import.line'), width: 80 },
              { key: 'employeeCode', dataIndex: 'employeeCode', title: t('users.import.employeeCode'), width: 160 },
              {
                key: 'action',
                dataIndex: 'action',
                title: t('users.import.action'),
                width: 120,
                render: (a: ImportRow['action']) => <Tag color={actionColor[a]}>{t(`users.import.${a}`)}</Tag>,
              },
              {
                key: 'errors',
                dataIndex: 'errors',
                title: t('users.import.problems'),
                render: (errs: Record<string, string>, row: ImportRow) =>
                  Object.keys(errs).length ? (
                    <ul className="sf-import__errors">
                      {Object.entries(errs).map(([field, m]) => (
                        <li key={field}><code>{csvColumn(field)}</code> {localizeCode(row.errorCodes?.[field], m, i18n.language)}</li>
                      ))}
                    </ul>
                  ) : (
                    <span className="sf-res__muted">—</span>
                  ),
              },
            ]}
          />
        </div>
      ) : null}
    </Modal>
  );
}
