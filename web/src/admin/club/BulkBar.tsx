// The bar over the queue while rows are selected: the actions at least one selected row allows (each sent
// only for the rows that allow it), and the last bulk answer: done / failed / skipped counts, with why.
import { CheckOutlined, CloseOutlined, GiftOutlined } from '@ant-design/icons';
import { Alert, Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bulkActionsFor, eligibleIds, type BulkResult, type RedemptionAction } from './logic';

const ICONS: Record<RedemptionAction, ReactNode> = { approve: <CheckOutlined />, reject: <CloseOutlined />, fulfil: <GiftOutlined /> };

export interface BulkOutcome {
  result: BulkResult;
  done: number;
  failed: number;
  skipped: number;
}

export function BulkBar({
  selected,
  busy,
  outcome,
  onAction,
  onClear,
  onDismiss,
}: {
  selected: { id: string; status: string }[];
  busy: RedemptionAction | null;
  outcome: BulkOutcome | null;
  onAction: (action: RedemptionAction) => void;
  onClear: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const actions = bulkActionsFor(selected);
  return (
    <div className="sf-club-bulk" data-testid="redemptions-bulk">
      {selected.length ? (
        <div className="sf-club-bulk__bar">
          <span className="sf-club-bulk__count">{t('clubAdmin.bulk.selected', { count: selected.length })}</span>
          <Space wrap>
            {actions.map((a) => (
              <Button
                key={a}
                icon={ICONS[a]}
                danger={a === 'reject'}
                type={a === 'approve' ? 'primary' : 'default'}
                loading={busy === a}
                disabled={!!busy && busy !== a}
                data-testid={`bulk-${a}`}
                onClick={() => onAction(a)}
              >
                {t(`clubAdmin.bulk.${a}`, { count: eligibleIds(selected, a).length })}
              </Button>
            ))}
            {!actions.length ? <span className="sf-res__muted">{t('clubAdmin.bulk.nothingAllowed')}</span> : null}
            <Button type="link" onClick={onClear}>{t('clubAdmin.bulk.clear')}</Button>
          </Space>
        </div>
      ) : null}
      {outcome ? (
        <Alert
          className="sf-club-bulk__result"
          type={outcome.failed ? 'warning' : 'success'}
          showIcon
          closable
          onClose={onDismiss}
          data-testid="redemptions-bulk-result"
          message={t('clubAdmin.bulk.result', { done: outcome.done, failed: outcome.failed, skipped: outcome.skipped })}
          description={
            outcome.result.failed.length ? (
              <ul className="sf-club-bulk__failed">
                {outcome.result.failed.map((f) => (
                  <li key={f.id}>
                    <code>{f.id.slice(0, 8)}</code> {t(`clubAdmin.failure.${f.code}`, { defaultValue: f.message || f.code })}
                  </li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
    </div>
  );
}
