// Small pieces shared by the club's screens.
import { NavBar } from 'antd-mobile';
import { GiftOutline, StarFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useProductName } from '../lib/config';
import { Image } from '../lib/image';
import { formatNumber } from '../lib/format';
import type { MediaSummary } from '../lib/media';
import { PageHeader } from './PageHeader';

/** The screen's top bar (back to `to`, the Club tab by default) and its heading, with an optional line and extra. */
export function ClubHeader({ title, subtitle, extra, to = '/club', backLabel }: { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode; to?: string; backLabel?: string }) {
  const { t } = useTranslation();
  const product = useProductName();
  const navigate = useNavigate();
  return (
    <>
      <NavBar className="sf-navbar" onBack={() => navigate(to)} back={backLabel ?? t('nav.club', { product })} />
      <PageHeader block="sf-club-header" title={title} subtitle={subtitle} extra={extra} />
    </>
  );
}

/** "★ 1,250 points". */
export function Points({ value, className, testId }: { value: number; className?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`sf-club-points ${className ?? ''}`}>
      <StarFill aria-hidden="true" />
      <span data-testid={testId} data-value={value}>{formatNumber(value)}</span>
      <span className="sf-club-points__unit">{t('clubScreens.pointsUnit')}</span>
    </span>
  );
}

/** A library image filling its box, or a soft placeholder icon. */
export function ClubImage({ media, alt, sizes, icon = <GiftOutline />, priority }: { media: MediaSummary | null | undefined; alt: string; sizes: string; icon?: ReactNode; priority?: boolean }) {
  if (media?.url && media.kind === 'image')
    return <Image src={media.url} alt={alt} sizes={sizes} width={media.width ?? undefined} height={media.height ?? undefined} fit="cover" priority={priority} />;
  return <span className="sf-club-image__placeholder" aria-hidden="true">{icon}</span>;
}
