// Small pieces shared by the badges, the sticker book, the certificates and the reactions.
import { useTranslation } from 'react-i18next';
import { Image, isOptimisable } from '../../lib/image';
import { pictureUrl } from './logic';
import type { Picture } from './types';

/**
 * A square picture through /_image when it is a library file, as is otherwise; a placeholder without one.
 * `cover` fills the square (a badge's round medal crops a wide picture), `contain` shows all of it (stickers).
 */
export function Pic({ picture, size, className, alt = '', fit = 'contain' }: { picture: Picture | undefined; size: number; className?: string; alt?: string; fit?: 'contain' | 'cover' }) {
  const url = pictureUrl(picture);
  if (!url) return <span className={`sf-rec-pic is-empty ${className ?? ''}`} style={{ width: size, height: size }} aria-hidden="true" />;
  if (isOptimisable(url)) return <Image className={`sf-rec-pic ${className ?? ''}`} src={url} alt={alt} width={size} height={size} sizes={`${size}px`} fit={fit} />;
  return <img className={`sf-rec-pic ${className ?? ''}`} src={url} alt={alt} width={size} height={size} loading="lazy" decoding="async" style={{ objectFit: fit }} />;
}

/** A card's list that did not load: what failed, and a retry. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="sf-card--error sf-rec-error" role="alert">
      {text}
      <button type="button" className="sf-link-button" onClick={onRetry}>{t('recognition.retry')}</button>
    </div>
  );
}
