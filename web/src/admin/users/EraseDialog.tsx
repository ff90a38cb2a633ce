// Erase a person (PDPA, admins only, after the account is disabled): POST /api/admin/users/:id/erase
// {confirmName}. What it removes and what it keeps is said before; the person's name typed exactly is the
// confirmation (the server checks it too).
import { Alert, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';

export function EraseDialog({ user, onClose, onErased }: { user: { id: string; name: string } | undefined; onClose: () => void; onErased: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setTyped('');
    setError(null);
  }, [user]);

  const erase = async () => {
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      await api(`/api/admin/users/${encodeURIComponent(user.id)}/erase`, { method: 'POST', body: { confirmName: typed } });
      notify.success(t('users.erase.done', { name: user.name }));
      onErased();
      onClose();
    } catch (e) {
      setError(e instanceof ApiError && e.status === 409 ? t('users.erase.notDisabled') : e instanceof ApiError ? e.message : t('resource.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!user}
      title={t('users.erase.title', { name: user?.name ?? '' })}
      onCancel={onClose}
      okText={t('users.erase.ok')}
      okButtonProps={{ danger: true, disabled: !user || typed !== user.name }}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void erase()}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon message={error} className="sf-res-drawer__alert" /> : null}
      <Typography.Paragraph>{t('users.erase.removes')}</Typography.Paragraph>
      <Typography.Paragraph>{t('users.erase.keeps')}</Typography.Paragraph>
      <Typography.Paragraph strong>{t('users.erase.final')}</Typography.Paragraph>
      <label htmlFor="erase-confirm-name">{t('users.erase.typeName', { name: user?.name ?? '' })}</label>
      <Input id="erase-confirm-name" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
    </Modal>
  );
}
