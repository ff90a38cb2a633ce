// A poll's own screen (/admin/votes/:id): its summary (the generic form to edit it, publish / archive), its
// ordered options and the results with their exports.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { EditActions, ItemDetailScreen, useItemDetail } from '../resources/ItemDetail';
import type { AdminPage } from '../resources/pages';
import { isClosed, pollResultsUrl, pollSummaryFields, type AdminPollResults } from './logic';
import { PollOptions } from './PollOptions';
import { PollResults } from './PollResults';

const RESOURCE = 'polls';

export function PollEditor({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const detail = useItemDetail(RESOURCE, t('admin.menu.votes'), { also: (pollId) => void qc.invalidateQueries({ queryKey: ['admin', 'polls', 'results', pollId] }) });
  const { id, item: p } = detail;
  const resultsKey = ['admin', 'polls', 'results', id] as const;
  const results = useQuery({
    queryKey: resultsKey,
    queryFn: ({ signal }) => api<AdminPollResults>(pollResultsUrl(id), { signal }),
    enabled: !!id,
    staleTime: 0,
  });

  const votes = useMemo(() => Object.fromEntries((results.data?.options ?? []).map((o) => [o.id, o.votes])), [results.data]);

  return (
    <ItemDetailScreen
      page={page}
      detail={detail}
      back={t('pollsAdmin.back')}
      className="sf-poll-admin"
      testId="poll-editor"
      fields={pollSummaryFields(p?.choice)}
      actions={
        p ? (
          <>
            {isClosed(p.endAt) ? <Tag data-testid="poll-closed-tag">{t('pollsAdmin.closed')}</Tag> : null}
            <EditActions detail={detail} text={t('pollsAdmin.edit')} testId="poll-edit" />
          </>
        ) : null
      }
    >
      {p?.description ? <p className="sf-poll-admin__description">{String(p.description)}</p> : null}
      {id ? <PollOptions pollId={id} votes={votes} onChanged={() => void qc.invalidateQueries({ queryKey: resultsKey })} /> : null}
      {id ? <PollResults pollId={id} results={results.data} loading={results.isLoading} error={results.isError} onRetry={() => void results.refetch()} /> : null}
    </ItemDetailScreen>
  );
}
