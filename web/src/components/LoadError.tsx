// What stands instead of a list or a page that could not load: what went wrong in the area's words, and a
// retry. Small on purpose: Home's feed shows it from the entry chunk.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function LoadError({ text, onRetry, retryText }: { text: ReactNode; onRetry: () => void; retryText?: string }) {
  const { t } = useTranslation();
  return (
    <div className="sf-card sf-card--error" role="alert">
      {text}
      <button type="button" className="sf-link-button" onClick={onRetry}>{retryText ?? t('common.retry')}</button>
    </div>
  );
}
