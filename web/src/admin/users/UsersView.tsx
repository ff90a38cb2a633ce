// Users: the generic resource screen plus what is the area's own: approve / disable / enable / reset
// password (docs/API.md "Users"), the roster import, and one-time account codes (issue for a person, for
// chosen people or a store, or for an import's new people).
import { CheckOutlined, KeyOutlined, QrcodeOutlined, TrophyOutlined, StopOutlined, UnlockOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Input, Tooltip, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { runAction, useInvalidateResource } from '../resources/data';
import { ResourceView } from '../resources/ResourceView';
import { itemTitle, type Item, type ResourceSchema } from '../resources/schema';
import { ClaimsQueue } from './ClaimsQueue';
import { IssueCodesDialog, type IssueStart } from './IssueCodesDialog';
import { PointsDialog } from './PointsDialog';
import { RosterImport } from './RosterImport';
import { useSession } from '../../lib/session';

const COLUMNS = ['employeeCode', 'name', 'email', 'role', 'status', 'store', 'lastLogin'];

/** Users › Waiting for approval: registrations beside an existing account ("on the roster, unverified"
 * and the others, ClaimsQueue), then the pending accounts of new codes with their approve action
 * (docs/API.md "Self-registration"). */
const PENDING = { status: 'pending' };
export function PendingUsersView() {
  return (
    <>
      <ClaimsQueue />
      <UsersList fixed={PENDING} />
    </>
  );
}

export function UsersView() {
  return <UsersList />;
}

function UsersList({ fixed }: { fixed?: Record<string, string> }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const invalidate = useInvalidateResource();
  const [importing, setImporting] = useState(false);
  const [points, setPoints] = useState<{ id: string; name: string } | undefined>();
  const [issuing, setIssuing] = useState<IssueStart | null>(null);
  const isAdmin = useSession().data?.user.role === 'admin';

  const act = useCallback(
    async (item: Item, schema: ResourceSchema, action: 'approve' | 'disable' | 'enable') => {
      try {
        await runAction('users', item.id, action);
        notify.success(t(`users.actions.${action}Done`, { name: itemTitle(schema, item) }));
        void invalidate('users');
      } catch (e) {
        notify.error(e instanceof ApiError ? e.message : t('resource.saveFailed'));
      }
    },
    [invalidate, t],
  );

  const resetPassword = useCallback(
    (item: Item, schema: ResourceSchema) => {
      modal.confirm({
        title: t('users.actions.resetTitle', { name: itemTitle(schema, item) }),
        content: t('users.actions.resetBody'),
        okText: t('users.actions.reset'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          try {
            const res = await runAction<{ password: string; item: Item }>('users', item.id, 'reset-password');
            void invalidate('users');
            modal.success({
              title: t('users.actions.resetDone'),
              content: (
                <div className="sf-users__password">
                  <p>{t('users.actions.resetShowOnce')}</p>
                  <Typography.Paragraph copyable={{ text: res.password }} className="sf-users__password-value">
                    <Input readOnly value={res.password} aria-label={t('users.actions.newPassword')} />
                  </Typography.Paragraph>
                </div>
              ),
            });
          } catch (e) {
            notify.error(e instanceof ApiError ? e.message : t('resource.saveFailed'));
          }
        },
      });
    },
    [invalidate, modal, t],
  );

  const rowActions = useCallback(
    (item: Item, schema: ResourceSchema) => {
      const allowed = (name: string) => schema.actions.some((a) => a.name === name && a.allowed);
      const title = itemTitle(schema, item);
      return (
        <>
          {item.status === 'pending' && allowed('approve') ? (
            <Tooltip title={t('users.actions.approve')}>
              <Button type="text" size="small" icon={<CheckOutlined />} aria-label={t('users.actions.approveUser', { name: title })} onClick={() => void act(item, schema, 'approve')} />
            </Tooltip>
          ) : null}
          {item.status === 'active' && allowed('disable') ? (
            <Tooltip title={t('users.actions.disable')}>
              <Button
                type="text"
                size="small"
                icon={<StopOutlined />}
                aria-label={t('users.actions.disableUser', { name: title })}
                onClick={() =>
                  modal.confirm({
                    title: t('users.actions.disableTitle', { name: title }),
                    content: t('users.actions.disableBody'),
                    okText: t('users.actions.disable'),
                    okButtonProps: { danger: true },
                    cancelText: t('common.cancel'),
                    onOk: () => act(item, schema, 'disable'),
                  })
                }
              />
            </Tooltip>
          ) : null}
          {item.status === 'disabled' && allowed('enable') ? (
            <Tooltip title={t('users.actions.enable')}>
              <Button type="text" size="small" icon={<UnlockOutlined />} aria-label={t('users.actions.enableUser', { name: title })} onClick={() => void act(item, schema, 'enable')} />
            </Tooltip>
          ) : null}
          {isAdmin ? (
            <Tooltip title={t('pointsAdjust.action')}>
              <Button type="text" size="small" icon={<TrophyOutlined />} aria-label={t('pointsAdjust.actionFor', { name: title })} onClick={() => setPoints({ id: item.id, name: title })} />
            </Tooltip>
          ) : null}
          {isAdmin ? (
            <Tooltip title={t('users.codes.issueOne')}>
              <Button type="text" size="small" icon={<QrcodeOutlined />} aria-label={t('users.codes.issueFor', { name: title })}
                onClick={() => setIssuing({
                  // Someone who never signed in most likely needs an activation code; anyone else a reset code.
                  purpose: item.lastLogin ? 'reset' : 'activation',
                  people: [{ id: item.id, name: title, employeeId: String(item.employeeCode ?? ''), store: null }],
                })} />
            </Tooltip>
          ) : null}
          {allowed('reset-password') ? (
            <Tooltip title={t('users.actions.reset')}>
              <Button type="text" size="small" icon={<KeyOutlined />} aria-label={t('users.actions.resetUser', { name: title })} onClick={() => resetPassword(item, schema)} />
            </Tooltip>
          ) : null}
        </>
      );
    },
    [act, isAdmin, modal, resetPassword, t],
  );

  return (
    <>
      <ResourceView
        resource="users"
        columns={COLUMNS}
        updatedColumn={false}
        rowActions={rowActions}
        fixed={fixed}
        toolbarExtra={
          <>
            <Button icon={<QrcodeOutlined />} onClick={() => setIssuing({})}>
              {t('users.codes.open')}
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('users.import.open')}
            </Button>
          </>
        }
      />
      <RosterImport open={importing} onClose={() => setImporting(false)}
        onImported={(importId, count) => setIssuing({ purpose: 'activation', importId, importCount: count })} />
      <IssueCodesDialog open={!!issuing} start={issuing ?? {}} onClose={() => setIssuing(null)} />
      <PointsDialog user={points} onClose={() => setPoints(undefined)} />
    </>
  );
}
