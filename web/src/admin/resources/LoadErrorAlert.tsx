// The alert a back-office list or section shows when its data did not load, with Retry when it can refetch.
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

export function LoadErrorAlert({ onRetry, className }: { onRetry?: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      className={className}
      message={t('resource.loadError')}
      action={onRetry ? <Button size="small" onClick={onRetry}>{t('common.retry')}</Button> : undefined}
    />
  );
}
