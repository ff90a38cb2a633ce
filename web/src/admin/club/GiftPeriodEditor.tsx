// A gift period's own screen (/admin/gifts/:id): details (the generic form), publish / archive, close now,
// its ordered options, and the picks with their exports.
import { StopOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { EditActions, ItemDetailScreen, useItemDetail } from '../resources/ItemDetail';
import type { AdminPage } from '../resources/pages';
import { closePeriod, useInvalidateClub, usePicks } from './api';
import { GiftOptions } from './GiftOptions';
import { GiftPicks } from './GiftPicks';

const RESOURCE = 'gift-periods';

export function GiftPeriodEditor({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const invalidateClub = useInvalidateClub();
  const detail = useItemDetail(RESOURCE, t('admin.menu.gifts'), { titleField: 'name', also: () => void invalidateClub('picks') });
  const { id, item: p, title } = detail;
  const picks = usePicks(id);

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
          detail.refresh();
        }
      },
    });

  return (
    <ItemDetailScreen
      page={page}
      detail={detail}
      back={t('clubAdmin.period.back')}
      fields={['startAt', 'endAt', 'joinedBefore', 'audience']}
      actions={
        <EditActions detail={detail} text={t('clubAdmin.period.edit')}>
          <Button danger icon={<StopOutlined />} disabled={closed} onClick={confirmClose} data-testid="gift-period-close">
            {closed ? t('clubAdmin.period.isClosed') : t('clubAdmin.period.close')}
          </Button>
        </EditActions>
      }
    >
      {id ? <GiftOptions periodId={id} picked={picked} onChanged={() => void invalidateClub('picks')} /> : null}
      {id ? <GiftPicks periodId={id} picks={picks.data} loading={picks.isLoading} error={picks.isError} onRetry={() => void picks.refetch()} /> : null}
    </ItemDetailScreen>
  );
}
