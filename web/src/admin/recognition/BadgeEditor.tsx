// A badge's own screen (/admin/badges/:id): its summary (picture, status, rule, awarded count, the backfill
// polled while it runs), edit with the generic form, publish / archive, the holders, and the manual award and
// revoke, each with a reason (audited by the server).
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { notify } from '../../lib/toast';
import { AdminPageHeader, MissingItemPage } from '../resources/AreaPage';
import { useInvalidateResource, useItem, useResourceSchema } from '../resources/data';
import { StatusActions } from '../resources/publishing';
import { ResourceForm } from '../resources/ResourceForm';
import type { AdminPage } from '../resources/pages';
import { awardBadge, holdersKey, revokeBadge, type Holder } from './api';
import { BadgeHolders } from './BadgeHolders';
import { BackfillProgress, Count, CriteriaCell } from './parts';
import { ReasonModal } from './ReasonModal';
import { Summary } from './Summary';

const RESOURCE = 'badges';

export function BadgeEditor({ page }: { page: AdminPage }) {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const invalidate = useInvalidateResource();
  const schema = useResourceSchema(RESOURCE);
  const badge = useItem(RESOURCE, id);
  const [editing, setEditing] = useState(false);
  const [awarding, setAwarding] = useState(false);
  const [revoking, setRevoking] = useState<Holder | null>(null);

  const refresh = () => {
    void invalidate(RESOURCE);
    void qc.invalidateQueries({ queryKey: holdersKey(id) });
  };

  const b = badge.data;
  const title = b ? String(b.name ?? '') : t('admin.menu.badges');
  const canUpdate = !!schema.resource?.canUpdate;

  if (badge.isError) return <MissingItemPage page={page} title={t('admin.menu.badges')} backTo="/admin/badges" backText={t('recognitionAdmin.badge.back')} />;

  return (
    <div className="sf-admin-page sf-rec-detail">
      <AdminPageHeader page={page} parent={{ title: t('admin.menu.badges'), to: '/admin/badges' }} title={title} />
      <Summary
        resource={schema.resource}
        item={b}
        backTo="/admin/badges"
        backText={t('recognitionAdmin.badge.back')}
        facts={
          b
            ? [
                { key: 'criteria', value: <CriteriaCell item={b} schema={schema.resource} /> },
                { key: 'awardedCount', value: <Count value={b.awardedCount} /> },
              ]
            : []
        }
        below={b ? <BackfillProgress item={b} wide /> : null}
        actions={
          b && canUpdate ? (
            <>
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>{t('recognitionAdmin.badge.edit')}</Button>
              <StatusActions resource={RESOURCE} item={b} title={title} size="middle" text />
            </>
          ) : null
        }
      />
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
      {schema.resource && b ? (
        <ResourceForm resource={schema.resource} mode="edit" item={b} open={editing} onClose={() => setEditing(false)} onSaved={refresh} />
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
          refresh();
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
          refresh();
        }}
      />
    </div>
  );
}
