// Issue one-time account codes (docs/API.md "Account codes"): activation codes for roster people who have not
// signed up, reset codes for people who lost their password; for chosen people, a whole store, or the new
// people of a roster import. The codes exist only in the answer, so the dialog takes them in the form the
// admin needs right then: printable cards (PDF), a CSV, or on screen to read out or copy.
import { FilePdfOutlined, FileTextOutlined, EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Modal, Radio, Select, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { formatDateTime, useLocale } from '../resources/format';
import { PersonSelect, type Person } from '../resources/PersonSelect';
import { issueCodes, issueCodesFile, type CodePurpose, type CodeTarget, type IssueAnswer, type IssuedCode } from './codesApi';

export interface IssueStart {
  purpose?: CodePurpose;
  people?: Person[];
  storeId?: string;
  importId?: string;
  /** How many people the import made (shown beside the choice). */
  importCount?: number;
}

type For = 'people' | 'store' | 'import';

interface StoreOption {
  id: string;
  code: string;
  name: string;
}

/** The target the form describes, or null while it names no one. */
export function targetOf(kind: For, people: string[], storeId: string | undefined, importId: string | undefined): CodeTarget | null {
  if (kind === 'people') return people.length ? { userIds: people } : null;
  if (kind === 'store') return storeId ? { storeId } : null;
  return importId ? { importId } : null;
}

export function IssueCodesDialog({ open, start, onClose }: { open: boolean; start: IssueStart; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [purpose, setPurpose] = useState<CodePurpose>('activation');
  const [kind, setKind] = useState<For>('people');
  const [people, setPeople] = useState<string[]>([]);
  const [storeId, setStoreId] = useState<string | undefined>();
  const [days, setDays] = useState<number | null>(null);
  const [busy, setBusy] = useState<'pdf' | 'csv' | 'json' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<IssueAnswer | null>(null);
  const stores = useQuery({
    queryKey: ['register', 'stores'],
    queryFn: ({ signal }) => api<{ items: StoreOption[] }>('/api/register/stores', { signal }),
    staleTime: 5 * 60_000,
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    setPurpose(start.purpose ?? 'activation');
    setKind(start.importId ? 'import' : start.storeId ? 'store' : 'people');
    setPeople(start.people?.map((p) => p.id) ?? []);
    setStoreId(start.storeId);
    setDays(null);
    setError(null);
    setAnswer(null);
  }, [open, start]);

  const target = targetOf(kind, people, storeId, start.importId);

  const run = async (format: 'pdf' | 'csv' | 'json') => {
    if (!target) return;
    setBusy(format);
    setError(null);
    try {
      if (format === 'json') {
        setAnswer(await issueCodes(purpose, target, days ?? undefined));
      } else {
        const issued = await issueCodesFile(purpose, target, format, days ?? undefined);
        notify.success(t('users.codes.issuedFile', { count: issued }));
        onClose();
      }
    } catch (e) {
      setError(e instanceof ApiError ? (Object.values(e.fields)[0] ?? e.message) : String(e));
    } finally {
      setBusy(null);
    }
  };

  const title = answer ? t('users.codes.shownOnce', { count: answer.issued }) : t('users.codes.title');
  return (
    <Modal open={open} onCancel={onClose} title={title} width={answer ? 860 : 620} destroyOnHidden
      footer={answer ? <Button type="primary" onClick={onClose}>{t('users.codes.closeShown')}</Button> : (
        <Space wrap>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button icon={<EyeOutlined />} disabled={!target || !!busy} loading={busy === 'json'} onClick={() => void run('json')}>{t('users.codes.show')}</Button>
          <Button icon={<FileTextOutlined />} disabled={!target || !!busy} loading={busy === 'csv'} onClick={() => void run('csv')}>{t('users.codes.csv')}</Button>
          <Button type="primary" icon={<FilePdfOutlined />} disabled={!target || !!busy} loading={busy === 'pdf'} onClick={() => void run('pdf')}>{t('users.codes.pdf')}</Button>
        </Space>
      )}>
      {answer ? (
        <IssuedList answer={answer} locale={locale} />
      ) : (
        <Form layout="vertical" className="sf-codes__form">
          <Form.Item label={t('users.codes.purpose')} extra={t(`users.codes.purposeHint.${purpose}`)}>
            <Radio.Group value={purpose} onChange={(e) => setPurpose(e.target.value as CodePurpose)} optionType="button" buttonStyle="solid"
              options={[{ value: 'activation', label: t('users.codes.activation') }, { value: 'reset', label: t('users.codes.reset') }]} />
          </Form.Item>
          <Form.Item label={t('users.codes.for')}>
            <Radio.Group value={kind} onChange={(e) => setKind(e.target.value as For)}
              options={[
                { value: 'people', label: t('users.codes.forPeople') },
                { value: 'store', label: t('users.codes.forStore') },
                ...(start.importId ? [{ value: 'import', label: t('users.codes.forImport', { count: start.importCount ?? 0 }) }] : []),
              ]} />
          </Form.Item>
          {kind === 'people' ? (
            <Form.Item label={t('users.codes.people')} htmlFor="codes-people">
              <PersonSelect multiple id="codes-people" value={people} onChange={setPeople} initial={start.people} placeholder={t('users.codes.peoplePlaceholder')} />
            </Form.Item>
          ) : null}
          {kind === 'store' ? (
            <Form.Item label={t('users.codes.store')} htmlFor="codes-store">
              <Select id="codes-store" showSearch optionFilterProp="label" value={storeId} onChange={setStoreId} loading={stores.isLoading} placeholder={t('users.codes.storePlaceholder')}
                options={(stores.data?.items ?? []).map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))} />
            </Form.Item>
          ) : null}
          <Form.Item label={t('users.codes.days')} htmlFor="codes-days" extra={t('users.codes.daysHint')}>
            <InputNumber id="codes-days" min={1} max={365} value={days} onChange={(v) => setDays(v)} placeholder="14" />
          </Form.Item>
          <Alert type="info" showIcon message={t('users.codes.once')} />
          {error ? <Alert type="error" showIcon message={error} className="sf-codes__error" /> : null}
        </Form>
      )}
    </Modal>
  );
}

function IssuedList({ answer, locale }: { answer: IssueAnswer; locale: 'th' | 'en' }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="warning" showIcon message={t('users.codes.shownOnceBody')} className="sf-codes__error" />
      {answer.skipped ? <p className="sf-res__muted">{t('users.codes.skipped', { count: answer.skipped })}</p> : null}
      <Table<IssuedCode>
        size="small"
        rowKey="id"
        dataSource={answer.items}
        pagination={answer.items.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        columns={[
          { key: 'name', title: t('users.codes.person'), render: (_, r) => <><div>{r.name}</div><div className="sf-res__muted">{r.employeeCode}</div></> },
          { key: 'store', title: t('users.codes.store'), render: (_, r) => (r.store ? `${r.store.code} ${r.store.name}` : '—') },
          {
            key: 'code', title: t('users.codes.code'), render: (_, r) => (
              <Typography.Text copyable={{ text: r.code }} className="sf-codes__code" data-testid="issued-code">{r.code}</Typography.Text>
            ),
          },
          { key: 'expires', title: t('users.codes.expires'), render: (_, r) => formatDateTime(r.expiresAt, locale) },
          { key: 'link', title: t('users.codes.link'), render: (_, r) => <Typography.Text copyable={{ text: r.link }}>{t('users.codes.copyLink')}</Typography.Text> },
        ]}
      />
    </>
  );
}
