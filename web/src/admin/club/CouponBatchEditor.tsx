// A coupon batch's own screen (/admin/coupons/:id): its details (edited with the generic form), publish /
// archive, its codes, and the code tools: import a CSV, generate, mark the partner's used codes.
import { CheckSquareOutlined, ThunderboltOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditActions, ItemDetailScreen, useItemDetail } from '../resources/ItemDetail';
import type { AdminPage } from '../resources/pages';
import { useInvalidateClub, type CodesCsvKind } from './api';
import { CodesCsvDialog } from './CodesCsvDialog';
import { CodesTable } from './CodesTable';
import { GenerateCodesDialog } from './GenerateCodesDialog';

const RESOURCE = 'coupon-batches';

export function CouponBatchEditor({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const invalidateClub = useInvalidateClub();
  const detail = useItemDetail(RESOURCE, t('admin.menu.coupons'), { also: () => void invalidateClub('codes') });
  const { id, item: b, canUpdate } = detail;
  const [csv, setCsv] = useState<CodesCsvKind | null>(null);
  const [generating, setGenerating] = useState(false);


  return (
    <ItemDetailScreen
      page={page}
      detail={detail}
      back={t('clubAdmin.batch.back')}
      subtitle={b?.partner ? String(b.partner) : undefined}
      fields={['valueText', 'expiresAt', 'limit', 'codesCount', 'claimedCount', 'usedCount']}
      actions={<EditActions detail={detail} text={t('clubAdmin.batch.edit')} />}
    >
      <Card
        className="sf-admin-card sf-club-detail__section"
        title={t('clubAdmin.codes.title')}
        extra={
          canUpdate ? (
            <Space wrap>
              <Button type="primary" icon={<UploadOutlined />} onClick={() => setCsv('import')} data-testid="codes-import">{t('clubAdmin.codes.import.action')}</Button>
              <Button icon={<ThunderboltOutlined />} onClick={() => setGenerating(true)} data-testid="codes-generate">{t('clubAdmin.generate.action')}</Button>
              <Button icon={<CheckSquareOutlined />} onClick={() => setCsv('used')} data-testid="codes-mark-used">{t('clubAdmin.codes.used.action')}</Button>
            </Space>
          ) : null
        }
      >
        {id ? <CodesTable batchId={id} /> : null}
      </Card>
      {csv ? <CodesCsvDialog kind={csv} batchId={id} open onClose={() => setCsv(null)} onApplied={detail.refresh} /> : null}
      <GenerateCodesDialog batchId={id} open={generating} onClose={() => setGenerating(false)} onDone={detail.refresh} />
    </ItemDetailScreen>
  );
}
