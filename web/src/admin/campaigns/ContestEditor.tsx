// A campaign's or naming contest's screen (/admin/campaigns/:id, /admin/campaigns/votenames/:id): its summary
// (the generic form to edit, publish / archive), the moderation queue with votes and the winners' pick, and
// "announce results", which awards the winners' points once (a second announce is refused by the server).
import { EditOutlined, NotificationOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { AdminPageHeader, MissingItemPage } from '../resources/AreaPage';
import { DetailSummary } from '../resources/DetailSummary';
import { useInvalidateResource, useItem, useResourceSchema } from '../resources/data';
import { StatusActions } from '../resources/publishing';
import { ResourceForm } from '../resources/ResourceForm';
import type { AdminPage } from '../resources/pages';
import { ContestEntries } from './ContestEntries';
import { announceUrl, listPath, summaryFields, votingOver, type AdminEntry } from './logic';

const RESOURCE = 'campaigns';

export function ContestEditor({ page }: { page: AdminPage }) {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const invalidate = useInvalidateResource();
  const schema = useResourceSchema(RESOURCE);
  const contest = useItem(RESOURCE, id);
  const [editing, setEditing] = useState(false);
  const [announcing, setAnnouncing] = useState(false);
  const c = contest.data;
  const naming = c?.kind === 'naming' || page.key === 'votenames';
  const back = listPath(naming ? 'naming' : 'campaign');
  const menu = t(naming ? 'admin.menu.votenames' : 'admin.menu.campaigns');
  const title = c ? String(c.title ?? '') : menu;
  const announced = !!c?.announcedAt;

  const refresh = () => {
    void invalidate(RESOURCE);
    void qc.invalidateQueries({ queryKey: ['admin', 'res', RESOURCE, 'item', id] });
    void qc.invalidateQueries({ queryKey: ['admin', 'campaigns', 'entries', id] });
  };

  const announce = () =>
    modal.confirm({
      title: t('campaignsAdmin.announceConfirm'),
      content: t('campaignsAdmin.announceBody', { points: Number(c?.winPoints ?? 0) }),
      okText: t('campaignsAdmin.announce'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setAnnouncing(true);
        try {
          const r = await api<{ winners: AdminEntry[] }>(announceUrl(id), { method: 'POST' });
          notify.success(t('campaignsAdmin.announced', { count: r.winners.length }));
        } catch (e) {
          notify.error(e instanceof ApiError ? e.message : t('resource.saveFailed'));
        } finally {
          setAnnouncing(false);
          refresh();
        }
      },
    });

  if (contest.isError) return <MissingItemPage page={page} title={menu} backTo={back} backText={t('campaignsAdmin.back')} />;

  return (
    <div className="sf-admin-page sf-club-detail sf-contest-admin" data-testid="contest-editor">
      <AdminPageHeader page={page} parent={{ title: menu, to: back }} title={title} />
      <DetailSummary
        resource={schema.resource}
        item={c}
        backTo={back}
        backText={t('campaignsAdmin.back')}
        fields={summaryFields(c?.kind)}
        actions={
          c ? (
            <>
              {announced ? <Tag color="gold" data-testid="contest-announced">{t('campaignsAdmin.resultsOut')}</Tag> : null}
              {schema.resource?.canUpdate ? (
                <>
                  <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="contest-edit">{t('campaignsAdmin.edit')}</Button>
                  <StatusActions resource={RESOURCE} item={c} title={title} size="middle" text />
                  {!announced ? (
                    <Button type="primary" icon={<NotificationOutlined />} disabled={!votingOver(c.votingEnd)} loading={announcing} onClick={announce} data-testid="contest-announce">
                      {t('campaignsAdmin.announce')}
                    </Button>
                  ) : null}
                </>
              ) : null}
            </>
          ) : null
        }
      />
      {c?.description ? <p className="sf-poll-admin__description">{String(c.description)}</p> : null}
      {id && c ? (
        <ContestEntries contestId={id} naming={naming} adminsPick={c.winnerMode === 'admins'} winnersCount={Number(c.winnersCount ?? 1)} announced={announced} onChanged={() => void qc.invalidateQueries({ queryKey: ['admin', 'res', RESOURCE, 'item', id] })} />
      ) : null}
      {schema.resource && c ? <ResourceForm resource={schema.resource} mode="edit" item={c} open={editing} onClose={() => setEditing(false)} onSaved={refresh} /> : null}
    </div>
  );
}
