// A batch's CSV calls, both in two steps: paste the codes or pick a CSV file → dry run (every row with its
// problem, if any, highlighted) → apply. `import` adds codes (POST …/codes/import), `used` marks the codes a
// partner reports as used (POST …/codes/used); both take `{csv, dryRun}` and answer per-row results.
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space, Statistic, Table, Tabs, Tag, Upload } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import { ApiError } from '../../lib/api';
import { localizeCode } from '../../lib/serverMessages';
import { notify } from '../../lib/toast';
import { sendCodesCsv, type CodesCsvKind, type CodesCsvReport } from './api';
import { csvSummary, prepareCsv, rowErrorCode, type CsvRow } from './logic';

/** A row's problem in the UI language: the server's message code, else the club's own text, else English. */
export function rowErrorText(row: Pick<CsvRow, 'error' | 'errorCode'>): string {
  const c = rowErrorCode(row.errorCode);
  const english = row.error ?? c?.code ?? '';
  if (c && i18n.exists(`serverCode.${c.code}`)) return localizeCode(c, english);
  if (c && i18n.exists(`clubAdmin.rowError.${c.code}`)) return i18n.t(`clubAdmin.rowError.${c.code}`, c.params ?? {});
  return english;
}

export function CodesCsvDialog({ kind, batchId, open, onClose, onApplied }: { kind: CodesCsvKind; batchId: string; open: boolean; onClose: () => void; onApplied: () => void }) {
  const { t } = useTranslation();
  const k = `clubAdmin.codes.${kind}`;
  const [source, setSource] = useState<'paste' | 'file'>('paste');
  const [pasted, setPasted] = useState('');
  const [fileText, setFileText] = useState<{ name: string; text: string } | null>(null);
  const [report, setReport] = useState<CodesCsvReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const raw = source === 'paste' ? pasted : (fileText?.text ?? '');
  const csv = prepareCsv(raw);

  const reset = () => {
    setReport(null);
    setError(null);
  };
  const close = () => {
    reset();
    setPasted('');
    setFileText(null);
    onClose();
  };

  const fail = (e: unknown) => setError(e instanceof ApiError ? (e.fields.csv ?? e.message) : t('resource.saveFailed'));

  const dryRun = async () => {
    reset();
    if (csv.empty) return setError(t('clubAdmin.codes.emptyCsv'));
    if (csv.tooLarge) return setError(t('clubAdmin.codes.tooLarge'));
    setBusy(true);
    try {
      setReport(await sendCodesCsv(batchId, kind, csv.text, true));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await sendCodesCsv(batchId, kind, csv.text, false);
      notify.success(t(`${k}.done`, { count: r.count }));
      onApplied();
      close();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const summary = report ? csvSummary(report.rows) : null;

  return (
    <Modal
      open={open}
      onCancel={close}
      title={t(`${k}.title`)}
      width={820}
      destroyOnHidden
      footer={
        <Space>
          {report ? <Button onClick={reset}>{t('clubAdmin.codes.back')}</Button> : null}
          <Button onClick={close}>{t('common.cancel')}</Button>
          {report ? (
            <Button type="primary" loading={busy} disabled={!summary?.ok} onClick={() => void apply()} data-testid="codes-apply">
              {t(`${k}.apply`, { count: summary?.ok ?? 0 })}
            </Button>
          ) : (
            <Button type="primary" loading={busy} disabled={csv.empty} onClick={() => void dryRun()} data-testid="codes-check">
              {t('clubAdmin.codes.check')}
            </Button>
          )}
        </Space>
      }
    >
      {error ? <Alert type="error" showIcon message={error} className="sf-import__alert" /> : null}
      {!report ? (
        <>
          <p className="sf-import__help">{t(`${k}.help`)}</p>
          <Tabs
            activeKey={source}
            onChange={(s) => setSource(s as 'paste' | 'file')}
            items={[
              {
                key: 'paste',
                label: t('clubAdmin.codes.paste'),
                children: (
                  <Input.TextArea
                    value={pasted}
                    onChange={(e) => setPasted(e.target.value)}
                    autoSize={{ minRows: 8, maxRows: 16 }}
                    placeholder={t('clubAdmin.codes.pastePlaceholder')}
                    aria-label={t('clubAdmin.codes.paste')}
                    className="sf-club-csv__paste"
                    data-testid="codes-paste"
                  />
                ),
              },
              {
                key: 'file',
                label: t('clubAdmin.codes.file'),
                children: (
                  <Upload.Dragger
                    accept=".csv,.txt,text/csv,text/plain"
                    multiple={false}
                    showUploadList={false}
                    beforeUpload={(f) => {
                      void f.text().then((text) => setFileText({ name: f.name, text }));
                      return false;
                    }}
                  >
                    <p className="ant-upload-drag-icon"><InboxOutlined /></p>
                    <p className="ant-upload-text">{fileText ? fileText.name : t('clubAdmin.codes.drop')}</p>
                    <p className="ant-upload-hint">{t('clubAdmin.codes.fileHint')}</p>
                  </Upload.Dragger>
                ),
              },
            ]}
          />
          <p className="sf-res__muted sf-club-csv__lines">{t('clubAdmin.codes.lines', { count: csv.lines })}</p>
        </>
      ) : (
        <div className="sf-import__report">
          <div className="sf-import__summary sf-club-csv__summary">
            <Statistic title={t('clubAdmin.codes.rows')} value={report.rows.length} />
            <Statistic title={t(`${k}.ok`)} value={summary!.ok} />
            <Statistic title={t('clubAdmin.codes.problems')} value={summary!.errors} valueStyle={summary!.errors ? { color: '#cf1322' } : undefined} />
          </div>
          {summary!.errors ? <Alert type="warning" showIcon message={t(`${k}.someErrors`)} className="sf-import__alert" /> : null}
          <Table<CsvRow>
            size="small"
            rowKey="line"
            dataSource={report.rows}
            pagination={report.rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            rowClassName={(r) => (r.error || r.errorCode ? 'sf-import__row--error' : '')}
            onRow={(r) => ({ 'data-testid': 'codes-dry-run-row', 'data-error': r.error || r.errorCode ? 'true' : 'false' }) as HTMLAttributes<HTMLElement>}
            columns={[
              { key: 'line', dataIndex: 'line', title: t('clubAdmin.codes.line'), width: 80 },
              { key: 'code', dataIndex: 'code', title: t('clubAdmin.codes.code'), render: (c: string) => <code>{c}</code> },
              {
                key: 'error',
                title: t('clubAdmin.codes.result'),
                render: (_: unknown, r: CsvRow) =>
                  r.error || r.errorCode ? <span className="sf-club-csv__error">{rowErrorText(r)}</span> : <Tag color="green">{t(`${k}.rowOk`)}</Tag>,
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
