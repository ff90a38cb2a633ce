// A coupon batch's own screen (/admin/coupons/:id): its details (edited with the generic form), publish /
// archive, its codes, and the code tools: import a CSV, generate, mark the partner's used codes.
import { CheckSquareOutlined, EditOutlined, ThunderboltOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminPageHeader, MissingItemPage } from '../resources/AreaPage';
import { useInvalidateResource, useItem, useResourceSchema } from '../resources/data';
import { StatusActions } from '../resources/publishing';
import { ResourceForm } from '../resources/ResourceForm';
import type { AdminPage } from '../resources/pages';
import { useInvalidateClub, type CodesCsvKind } from './api';
import { CodesCsvDialog } from './CodesCsvDialog';
import { CodesTable } from './CodesTable';
import { DetailSummary } from '../resources/DetailSummary';
import { GenerateCodesDialog } from './GenerateCodesDialog';

const RESOURCE = 'coupon-batches';

export function CouponBatchEditor({ page }: { page: AdminPage }) {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const invalidate = useInvalidateResource();
  const invalidateClub = useInvalidateClub();
  const schema = useResourceSchema(RESOURCE);
  const batch = useItem(RESOURCE, id);
  const [editing, setEditing] = useState(false);
  const [csv, setCsv] = useState<CodesCsvKind | null>(null);
  const [generating, setGenerating] = useState(false);

  const refresh = () => {
    void invalidate(RESOURCE);
    void invalidateClub('codes');
    void qc.invalidateQueries({ queryKey: ['admin', 'res', RESOURCE, 'item', id] });
  };

  const b = batch.data;
  const title = b ? String(b.title ?? '') : t('admin.menu.coupons');
  const canUpdate = !!schema.resource?.canUpdate;

  if (batch.isError) return <MissingItemPage page={page} title={t('admin.menu.coupons')} backTo="/admin/coupons" backText={t('clubAdmin.batch.back')} />;

  return (
    <div className="sf-admin-page sf-club-detail">
      <AdminPageHeader page={page} parent={{ title: t('admin.menu.coupons'), to: '/admin/coupons' }} title={title} subtitle={b?.partner ? String(b.partner) : undefined} />
      <DetailSummary
        resource={schema.resource}
        item={b}
        backTo="/admin/coupons"
        backText={t('clubAdmin.batch.back')}
        fields={['valueText', 'expiresAt', 'limit', 'codesCount', 'claimedCount', 'usedCount']}
        actions={
          b && canUpdate ? (
            <>
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>{t('clubAdmin.batch.edit')}</Button>
              <StatusActions resource={RESOURCE} item={b} title={title} size="middle" text />
            </>
          ) : null
        }
      />
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
      {schema.resource && b ? <ResourceForm resource={schema.resource} mode="edit" item={b} open={editing} onClose={() => setEditing(false)} onSaved={refresh} /> : null}
      {csv ? <CodesCsvDialog kind={csv} batchId={id} open onClose={() => setCsv(null)} onApplied={refresh} /> : null}
      <GenerateCodesDialog batchId={id} open={generating} onClose={() => setGenerating(false)} onDone={refresh} />
    </div>
  );
}
