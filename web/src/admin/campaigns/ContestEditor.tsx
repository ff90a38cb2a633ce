// A campaign's or naming contest's screen (/admin/campaigns/:id, /admin/campaigns/votenames/:id): its summary
// (the generic form to edit, publish / archive), the moderation queue with votes and the winners' pick, and
// "announce results", which awards the winners' points once (a second announce is refused by the server).
import { NotificationOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { EditActions, ItemDetailScreen, useItemDetail } from '../resources/ItemDetail';
import type { AdminPage } from '../resources/pages';
import { ContestEntries } from './ContestEntries';
import { announceUrl, listPath, summaryFields, votingOver, type AdminEntry } from './logic';

const RESOURCE = 'campaigns';

export function ContestEditor({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const [announcing, setAnnouncing] = useState(false);
  // Which list the item belongs to is known once it is loaded; until then the address says.
  const listNaming = page.key === 'votenames';
  const detail = useItemDetail(RESOURCE, t(listNaming ? 'admin.menu.votenames' : 'admin.menu.campaigns'), {
    also: (contestId) => void qc.invalidateQueries({ queryKey: ['admin', 'campaigns', 'entries', contestId] }),
  });
  const { id, item: c } = detail;
  const naming = c?.kind === 'naming' || listNaming;
  const back = listPath(naming ? 'naming' : 'campaign');
  const menu = t(naming ? 'admin.menu.votenames' : 'admin.menu.campaigns');
  const announced = !!c?.announcedAt;

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
          detail.refresh();
        }
      },
    });

  return (
    <ItemDetailScreen
      page={page}
      detail={detail}
      list={{ title: menu, to: back }}
      back={t('campaignsAdmin.back')}
      className="sf-contest-admin"
      testId="contest-editor"
      fields={summaryFields(c?.kind)}
      actions={
        c ? (
          <>
            {announced ? <Tag color="gold" data-testid="contest-announced">{t('campaignsAdmin.resultsOut')}</Tag> : null}
            <EditActions detail={detail} text={t('campaignsAdmin.edit')} testId="contest-edit">
              {!announced ? (
                <Button type="primary" icon={<NotificationOutlined />} disabled={!votingOver(c.votingEnd)} loading={announcing} onClick={announce} data-testid="contest-announce">
                  {t('campaignsAdmin.announce')}
                </Button>
              ) : null}
            </EditActions>
          </>
        ) : null
      }
    >
      {c?.description ? <p className="sf-poll-admin__description">{String(c.description)}</p> : null}
      {id && c ? (
        <ContestEntries contestId={id} naming={naming} adminsPick={c.winnerMode === 'admins'} winnersCount={Number(c.winnersCount ?? 1)} announced={announced} onChanged={() => void qc.invalidateQueries({ queryKey: ['admin', 'res', RESOURCE, 'item', id] })} />
      ) : null}
    </ItemDetailScreen>
  );
}
