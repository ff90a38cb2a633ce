// A gift period's own screen (/admin/gifts/:id): details (the generic form), publish / archive, close now,
// its ordered options, and the picks with their exports.
import { EditOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { AdminPageHeader, MissingItemPage } from '../resources/AreaPage';
import { useInvalidateResource, useItem, useResourceSchema } from '../resources/data';
import { StatusActions } from '../resources/publishing';
import { ResourceForm } from '../resources/ResourceForm';
import type { AdminPage } from '../resources/pages';
import { closePeriod, useInvalidateClub, usePicks } from './api';
import { DetailSummary } from '../resources/DetailSummary';
import { GiftOptions } from './GiftOptions';
import { GiftPicks } from './GiftPicks';

const RESOURCE = 'gift-periods';

export function GiftPeriodEditor({ page }: { page: AdminPage }) {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const invalidate = useInvalidateResource();
  const invalidateClub = useInvalidateClub();
  const schema = useResourceSchema(RESOURCE);
  const period = useItem(RESOURCE, id);
  const picks = usePicks(id);
  const [editing, setEditing] = useState(false);

  const refresh = () => {
    void invalidate(RESOURCE);
    void invalidateClub('picks');
    void qc.invalidateQueries({ queryKey: ['admin', 'res', RESOURCE, 'item', id] });
  };

  const p = period.data;
  const title = p ? String(p.name ?? '') : t('admin.menu.gifts');
  const canUpdate = !!schema.resource?.canUpdate;
  const closed = typeof p?.endAt === 'string' && !!p.endAt && new Date(p.endAt).getTime() <= Date.now();
  const picked = useMemo(() => Object.fromEntries((picks.data?.options ?? []).map((o) => [o.id, o.picked])), [picks.data]);

  const confirmClose = () =>
    modal.confirm({
      title: t('clubAdmin.period.closeTitle', { name: title }),
      content: t('clubAdmin.period.closeBody'),
      okText: t('clubAdmin.period.close'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await closePeriod(id);
          notify.success(t('clubAdmin.period.closed', { name: title }));
        } catch (e) {
          notify.error(e instanceof ApiError ? t(`clubAdmin.failure.${e.code}`, { defaultValue: e.message }) : t('resource.saveFailed'));
        } finally {
          refresh();
        }
      },
    });

  if (period.isError) return <MissingItemPage page={page} title={t('admin.menu.gifts')} backTo="/admin/gifts" backText={t('clubAdmin.period.back')} />;

  return (
    <div className="sf-admin-page sf-club-detail">
      <AdminPageHeader page={page} parent={{ title: t('admin.menu.gifts'), to: '/admin/gifts' }} title={title} />
      <DetailSummary
        resource={schema.resource}
        item={p}
        backTo="/admin/gifts"
        backText={t('clubAdmin.period.back')}
        fields={['startAt', 'endAt', 'joinedBefore', 'audience']}
        actions={
          p && canUpdate ? (
            <>
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>{t('clubAdmin.period.edit')}</Button>
              <StatusActions resource={RESOURCE} item={p} title={title} size="middle" text />
              <Button danger icon={<StopOutlined />} disabled={closed} onClick={confirmClose} data-testid="gift-period-close">
                {closed ? t('clubAdmin.period.isClosed') : t('clubAdmin.period.close')}
              </Button>
            </>
          ) : null
        }
      />
      {id ? <GiftOptions periodId={id} picked={picked} onChanged={() => void invalidateClub('picks')} /> : null}
      {id ? <GiftPicks periodId={id} picks={picks.data} loading={picks.isLoading} error={picks.isError} onRetry={() => void picks.refetch()} /> : null}
      {schema.resource && p ? <ResourceForm resource={schema.resource} mode="edit" item={p} open={editing} onClose={() => setEditing(false)} onSaved={refresh} /> : null}
    </div>
  );
}
