// A poll's own screen (/admin/votes/:id): its summary (the generic form to edit it, publish / archive), its
// ordered options and the results with their exports.
import { EditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../lib/api';
import { AdminPageHeader, MissingItemPage } from '../resources/AreaPage';
import { DetailSummary } from '../resources/DetailSummary';
import { useInvalidateResource, useItem, useResourceSchema } from '../resources/data';
import { StatusActions } from '../resources/publishing';
import { ResourceForm } from '../resources/ResourceForm';
import type { AdminPage } from '../resources/pages';
import { isClosed, pollResultsUrl, pollSummaryFields, type AdminPollResults } from './logic';
import { PollOptions } from './PollOptions';
import { PollResults } from './PollResults';

const RESOURCE = 'polls';

export function PollEditor({ page }: { page: AdminPage }) {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const invalidate = useInvalidateResource();
  const schema = useResourceSchema(RESOURCE);
  const poll = useItem(RESOURCE, id);
  const resultsKey = ['admin', 'polls', 'results', id] as const;
  const results = useQuery({
    queryKey: resultsKey,
    queryFn: ({ signal }) => api<AdminPollResults>(pollResultsUrl(id), { signal }),
    enabled: !!id,
    staleTime: 0,
  });
  const [editing, setEditing] = useState(false);

  const refresh = () => {
    void invalidate(RESOURCE);
    void qc.invalidateQueries({ queryKey: ['admin', 'res', RESOURCE, 'item', id] });
    void qc.invalidateQueries({ queryKey: resultsKey });
  };

  const p = poll.data;
  const title = p ? String(p.title ?? '') : t('admin.menu.votes');
  const canUpdate = !!schema.resource?.canUpdate;
  const votes = useMemo(() => Object.fromEntries((results.data?.options ?? []).map((o) => [o.id, o.votes])), [results.data]);

  if (poll.isError) return <MissingItemPage page={page} title={t('admin.menu.votes')} backTo="/admin/votes" backText={t('pollsAdmin.back')} />;

  return (
    <div className="sf-admin-page sf-club-detail sf-poll-admin" data-testid="poll-editor">
      <AdminPageHeader page={page} parent={{ title: t('admin.menu.votes'), to: '/admin/votes' }} title={title} />
      <DetailSummary
        resource={schema.resource}
        item={p}
        backTo="/admin/votes"
        backText={t('pollsAdmin.back')}
        fields={pollSummaryFields(p?.choice)}
        actions={
          p ? (
            <>
              {isClosed(p.endAt) ? <Tag data-testid="poll-closed-tag">{t('pollsAdmin.closed')}</Tag> : null}
              {canUpdate ? (
                <>
                  <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="poll-edit">{t('pollsAdmin.edit')}</Button>
                  <StatusActions resource={RESOURCE} item={p} title={title} size="middle" text />
                </>
              ) : null}
            </>
          ) : null
        }
      />
      {p?.description ? <p className="sf-poll-admin__description">{String(p.description)}</p> : null}
      {id ? <PollOptions pollId={id} votes={votes} onChanged={() => void qc.invalidateQueries({ queryKey: resultsKey })} /> : null}
      {id ? <PollResults pollId={id} results={results.data} loading={results.isLoading} error={results.isError} onRetry={() => void results.refetch()} /> : null}
      {schema.resource && p ? <ResourceForm resource={schema.resource} mode="edit" item={p} open={editing} onClose={() => setEditing(false)} onSaved={refresh} /> : null}
    </div>
  );
}
