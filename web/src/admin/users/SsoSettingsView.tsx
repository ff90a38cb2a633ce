// Users › Single sign-on: the providers the server was started with (OIDC_PROVIDERS, read-only here: they
// are deployment settings, docs/OPERATIONS.md) with the redirect URI each needs at the provider, and the
// one setting admins change: whether people a provider vouches for who are not on the roster become
// pending accounts (the `sso-settings` row; the kit versions and audits the change).
import { Alert, Card, Descriptions, Empty, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, ApiError } from '../../lib/api';
import { getProviders, type ProviderInfo } from '../../lib/session';
import { notify } from '../../lib/toast';
import { useInvalidateResource, useItem, useResourceSchema } from '../resources/data';

export function SsoSettingsView() {
  const { t } = useTranslation();
  const [providers, setProviders] = useState<ProviderInfo[] | null>(null);
  const schema = useResourceSchema('sso-settings');
  const settings = useItem('sso-settings', 'default');
  const invalidate = useInvalidateResource();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    void getProviders().then((all) => {
      if (live) setProviders(all ? Object.values(all).filter((p) => p.type !== 'credentials') : []);
    });
    return () => {
      live = false;
    };
  }, []);

  const createPending = !!settings.data?.createUnknownPending;
  const canWrite = !!schema.resource?.canUpdate;
  const toggle = async (on: boolean) => {
    if (!settings.data) return;
    setSaving(true);
    try {
      await api('/api/admin/sso-settings/default', {
        method: 'PATCH',
        body: { createUnknownPending: on, version: settings.data.version },
      });
      notify.success(t(on ? 'ssoAdmin.pendingOn' : 'ssoAdmin.pendingOff'));
      void invalidate('sso-settings');
      void settings.refetch();
    } catch (e) {
      notify.error(e instanceof ApiError ? e.message : t('resource.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="sf-sso-admin" data-testid="sso-settings">
      <Typography.Paragraph type="secondary">{t('ssoAdmin.intro')}</Typography.Paragraph>
      <Card className="sf-admin-card" size="small" title={t('ssoAdmin.providers')} style={{ marginBottom: 16 }}>
        {providers === null ? null : providers.length === 0 ? (
          <Empty description={t('ssoAdmin.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          providers.map((p) => (
            <Descriptions
              key={p.id}
              size="small"
              column={1}
              bordered
              style={{ marginBottom: 12 }}
              title={p.name}
              items={[
                { key: 'id', label: t('ssoAdmin.id'), children: <Typography.Text code>{p.id}</Typography.Text> },
                {
                  key: 'redirect',
                  label: t('ssoAdmin.redirectUri'),
                  children: <Typography.Text copyable>{p.callbackUrl}</Typography.Text>,
                },
              ]}
            />
          ))
        )}
      </Card>
      <Card className="sf-admin-card" size="small" title={t('ssoAdmin.unknownPeople')}>
        <label className="sf-sso-admin__switch">
          <Switch
            checked={createPending}
            loading={saving || settings.isLoading}
            disabled={!canWrite || !settings.data}
            onChange={(on) => void toggle(on)}
            aria-describedby="sso-pending-hint"
          />
          <span>{t('ssoAdmin.createPending')}</span>
        </label>
        <Typography.Paragraph id="sso-pending-hint" type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('ssoAdmin.createPendingHint')}
        </Typography.Paragraph>
        {createPending ? (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            message={
              <>
                {t('ssoAdmin.pendingQueue')} <Link to="/admin/users/pending">{t('admin.tabs.pendingUsers')}</Link>
              </>
            }
          />
        ) : null}
      </Card>
    </div>
  );
}
