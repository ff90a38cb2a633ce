// A badge's own screen (/admin/badges/:id): its summary (picture, status, rule, awarded count, the backfill
// polled while it runs), edit with the generic form, publish / archive, the holders, and the manual award and
// revoke, each with a reason (audited by the server).
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/toast';
import { EditActions, ItemDetailScreen, useItemDetail } from '../resources/ItemDetail';
import type { AdminPage } from '../resources/pages';
import { awardBadge, holdersKey, revokeBadge, type Holder } from './api';
import { BadgeHolders } from './BadgeHolders';
import { BackfillProgress, Count, CriteriaCell, Thumb } from './parts';
import { ReasonModal } from './ReasonModal';

const RESOURCE = 'badges';

export function BadgeEditor({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const detail = useItemDetail(RESOURCE, t('admin.menu.badges'), { titleField: 'name', also: (badgeId) => void qc.invalidateQueries({ queryKey: holdersKey(badgeId) }) });
  const { id, schema, item: b, title, canUpdate } = detail;
  const [awarding, setAwarding] = useState(false);
  const [revoking, setRevoking] = useState<Holder | null>(null);

  return (
    <ItemDetailScreen
      page={page}
      detail={detail}
      back={t('recognitionAdmin.badge.back')}
      className="sf-rec-detail"
      thumb={<Thumb id={b?.image} size={56} />}
      fields={['criteria', 'awardedCount']}
      values={b ? { criteria: <CriteriaCell item={b} schema={schema.resource} />, awardedCount: <Count value={b.awardedCount} /> } : {}}
      below={b ? <BackfillProgress item={b} wide /> : null}
      actions={<EditActions detail={detail} text={t('recognitionAdmin.badge.edit')} />}
    >
      {id ? (
        <BadgeHolders
          badgeId={id}
          canWrite={canUpdate}
          onRevoke={setRevoking}
          extra={
            canUpdate ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAwarding(true)} data-testid="badge-award">
                {t('recognitionAdmin.award.action')}
              </Button>
            ) : null
          }
        />
      ) : null}
      <ReasonModal
        open={awarding}
        pickPerson
        testId="badge-award-dialog"
        title={t('recognitionAdmin.award.title', { name: title })}
        okText={t('recognitionAdmin.award.ok')}
        onCancel={() => setAwarding(false)}
        onSubmit={async ({ userId, reason }) => {
          await awardBadge(id, userId, reason);
          setAwarding(false);
          notify.success(t('recognitionAdmin.award.done', { name: title }));
          detail.refresh();
        }}
      />
      <ReasonModal
        open={!!revoking}
        danger
        testId="badge-revoke-dialog"
        title={t('recognitionAdmin.revoke.title', { badge: title, name: revoking?.user.name ?? '' })}
        okText={t('recognitionAdmin.revoke.ok')}
        onCancel={() => setRevoking(null)}
        onSubmit={async ({ reason }) => {
          if (!revoking) return;
          await revokeBadge(id, revoking.user.id, reason);
          notify.success(t('recognitionAdmin.revoke.done', { name: revoking.user.name }));
          setRevoking(null);
          detail.refresh();
        }}
      />
    </ItemDetailScreen>
  );
}
