// Users: the generic resource screen plus what is the area's own: approve / disable / enable / reset
// Users: the generic resource screen plus what is the area's own: approve / disable / enable / reset
// password / adjust points (docs/API.md "Users"), download a person's data and erase them (PDPA), the roster
// import, one-time account codes (issue for a person, for chosen people or a store, or for an import's new
// people), and in a person's drawer their record (learning, points, badges).
import { CheckOutlined, DeleteOutlined, DownloadOutlined, KeyOutlined, QrcodeOutlined, TrophyOutlined, StopOutlined, UnlockOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Input, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGetDownload, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { runAction, useInvalidateResource } from '../resources/data';
import { ResourceView } from '../resources/ResourceView';
import { itemTitle, type Item, type ResourceSchema } from '../resources/schema';
import type { RowActions } from '../resources/rowActions';
import { ClaimsQueue } from './ClaimsQueue';
import { EraseDialog } from './EraseDialog';
import { IssueCodesDialog, type IssueStart } from './IssueCodesDialog';
import { PersonRecord } from './PersonRecord';
import { PointsDialog } from './PointsDialog';
import { RosterImport } from './RosterImport';
import { useSession } from '../../lib/session';

// Most important first: when the screen is narrow the last ones give way (the drawer shows them all).
const COLUMNS = ['employeeCode', 'name', 'status', 'role', 'store', 'lastLogin', 'email'];

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
  const [erasing, setErasing] = useState<{ id: string; name: string } | undefined>();
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

  /** Reset the password (asked first); the new one is shown once. */
  const resetPassword = useCallback(
    async (item: Item) => {
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
    [invalidate, modal, t],
  );

  const rowActions = useCallback<RowActions>(
    (item, schema) => {
      const allowed = (name: string) => schema.actions.some((a) => a.name === name && a.allowed);
      const name = itemTitle(schema, item);
      const erased = String(item.employeeCode ?? '').startsWith('erased-');
      return [
        item.status === 'pending' && allowed('approve') && { key: 'approve', label: t('users.actions.approve'), icon: <CheckOutlined />, testId: 'user-approve', run: () => act(item, schema, 'approve') },
        isAdmin && { key: 'points', label: t('pointsAdjust.action'), icon: <TrophyOutlined />, testId: 'user-points', run: () => setPoints({ id: item.id, name }) },
        isAdmin && {
          key: 'code',
          label: t('users.codes.issueOne'),
          icon: <QrcodeOutlined />,
          testId: 'user-code',
          run: () =>
            setIssuing({
              // Someone who never signed in most likely needs an activation code; anyone else a reset code.
              purpose: item.lastLogin ? 'reset' : 'activation',
              people: [{ id: item.id, name, employeeId: String(item.employeeCode ?? ''), store: null }],
            }),
        },
        allowed('reset-password') && {
          key: 'reset',
          label: t('users.actions.reset'),
          icon: <KeyOutlined />,
          testId: 'user-reset',
          confirm: { title: t('users.actions.resetTitle', { name }), body: t('users.actions.resetBody'), okText: t('users.actions.reset') },
          run: () => resetPassword(item),
        },
        item.status === 'active' && allowed('disable') && {
          key: 'disable',
          label: t('users.actions.disable'),
          icon: <StopOutlined />,
          danger: true,
          testId: 'user-disable',
          confirm: { title: t('users.actions.disableTitle', { name }), body: t('users.actions.disableBody'), okText: t('users.actions.disable') },
          run: () => act(item, schema, 'disable'),
        },
        item.status === 'disabled' && allowed('enable') && { key: 'enable', label: t('users.actions.enable'), icon: <UnlockOutlined />, testId: 'user-enable', run: () => act(item, schema, 'enable') },
        // PDPA requests (docs/OPERATIONS.md): a copy of a person's data, and erasure once they are disabled. An
        // erased person's code is "erased-<id>" (privacy/erase.cpp): nothing of theirs is left to ask for.
        isAdmin && !erased && {
          key: 'export',
          label: t('users.erase.exportAction'),
          icon: <DownloadOutlined />,
          testId: 'user-export',
          run: async () => {
            try {
              await apiGetDownload(`/api/admin/users/${encodeURIComponent(item.id)}/privacy-export`);
            } catch {
              notify.error(t('users.erase.exportFailed'));
            }
          },
        },
        isAdmin && !erased && item.status === 'disabled' && { key: 'erase', label: t('users.erase.action'), icon: <DeleteOutlined />, danger: true, testId: 'user-erase', run: () => setErasing({ id: item.id, name: String(item.name ?? '') }) },
      ];
    },
    [act, isAdmin, resetPassword, t],
  );

  const record = useCallback((item: Item) => (isAdmin ? <PersonRecord userId={item.id} /> : null), [isAdmin]);

  return (
    <>
      <ResourceView
        resource="users"
        columns={COLUMNS}
        updatedColumn={false}
        rowActions={rowActions}
        detailTop={record}
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
      <EraseDialog user={erasing} onClose={() => setErasing(undefined)} onErased={() => void invalidate('users')} />
    </>
  );
}
