// A person's badges on the profile: earned ones (picture, name, date) and, on my own profile, the ones not yet
// earned, greyed with how far I am ("3 of 5 courses"). A badge opens a sheet with its description, the date and,
// for my own: share it (the phone's share sheet, or the link copied) as its public verification page
// (/share/badge/<award>), open that page, and, behind "add to a credential wallet", the two Open Badges 3.0
// files (the signed credential and the PNG with it baked in) for those who import them.
// `?badge=<id>` (the link of a badge_earned notification: /p/<me>?badge=<id>) opens that badge's sheet.
import { Button, Popup, Skeleton } from 'antd-mobile';
import { CheckShieldOutline, DownlandOutline, FileOutline, PictureOutline, UploadOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../lib/format';
import { ButtonLink } from '../../components/ButtonLink';
import { Prose } from '../../components/Prose';
import { notify } from '../../lib/toast';
import { useBadges } from './api';
import { progressPercent, progressText } from './logic';
import { LoadFailed, Pic } from './parts';
import type { Badge, EarnedBadge, LockedBadge } from './types';

type Open = { badge: Badge; earned?: EarnedBadge; locked?: LockedBadge };

function ProgressLine({ locked }: { locked: LockedBadge }) {
  const { t } = useTranslation();
  const text = progressText(locked.badge.criteria, locked.progress, formatNumber);
  const pct = progressPercent(locked.progress);
  return (
    <span className="sf-badge__progress" data-testid="badge-progress">
      <span className="sf-badge__progress-text">{t(text.key, text.values)}</span>
      {pct !== null ? (
        <span className="sf-badge__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={t(text.key, text.values)}>
          <span className="sf-badge__bar-fill" style={{ width: `${pct}%` }} />
        </span>
      ) : null}
    </span>
  );
}

function criteriaText(t: (k: string) => string, criteria: string): string {
  const known = ['manual', 'course_completed', 'exam_passed', 'courses_completed', 'points_earned', 'learning_streak'];
  return t(`recognition.criteria.${known.includes(criteria) ? criteria : 'other'}`);
}

/** Share my badge as its public verification page: the phone's share sheet (LINE, Facebook, LinkedIn, …) where
 *  there is one, else the link copied; and the page itself, opened. */
function ShareBadge({ name, verifyUrl }: { name: string; verifyUrl: string }) {
  const { t } = useTranslation();
  const share = async () => {
    const url = new URL(verifyUrl, window.location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: name, text: t('recognition.sheet.shareText', { badge: name }), url });
      } catch {
        /* closed without sharing */
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('recognition.sheet.linkCopied'), 'badge-share');
    } catch {
      notify.error(t('recognition.sheet.linkNotCopied'), 'badge-share');
    }
  };
  return (
    <div className="sf-badge-sheet__share">
      <Button block color="primary" size="large" shape="rounded" onClick={() => void share()} data-testid="badge-share">
        <UploadOutline aria-hidden="true" /> {t('recognition.sheet.share')}
      </Button>
      <ButtonLink href={verifyUrl} block size="large" testId="badge-verify-page">
        <CheckShieldOutline aria-hidden="true" /> {t('recognition.sheet.verifyPage')}
      </ButtonLink>
    </div>
  );
}

function BadgeSheet({ open, mine, onClose }: { open: Open | null; mine: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const b = open?.badge;
  return (
    <Popup visible={!!open} onMaskClick={onClose} onClose={onClose} bodyClassName="sf-badge-sheet" showCloseButton destroyOnClose>
      {b ? (
        <div className="sf-badge-sheet__body" data-testid="badge-sheet" data-badge-id={b.id} role="dialog" aria-labelledby="badge-sheet-title">
          <Pic picture={b.image} size={120} fit="cover" className={`sf-badge-sheet__pic ${open?.earned ? '' : 'is-locked'}`} />
          <h2 id="badge-sheet-title" className="sf-badge-sheet__name">{b.name}</h2>
          {open?.earned ? (
            <p className="sf-badge-sheet__date">{t('recognition.sheet.awardedOn', { date: formatDate(open.earned.awardedAt) })}</p>
          ) : (
            <p className="sf-badge-sheet__date is-locked">{t('recognition.badges.locked')}</p>
          )}
          {open?.locked ? <ProgressLine locked={open.locked} /> : null}
          {b.description ? <Prose html={b.description} className="sf-badge-sheet__description" /> : null}
          <p className="sf-badge-sheet__criteria">
            <span className="sf-badge-sheet__label">{t('recognition.criteria.title')}</span> {criteriaText(t, b.criteria)}
          </p>
          {mine && open?.earned?.verifyUrl ? <ShareBadge name={b.name} verifyUrl={open.earned.verifyUrl} /> : null}
          {mine && open?.earned && (open.earned.credentialUrl || open.earned.pngUrl) ? (
            <details className="sf-badge-sheet__wallet" data-testid="badge-wallet">
              <summary className="sf-badge-sheet__wallet-toggle">{t('recognition.sheet.wallet')}</summary>
              <p className="sf-badge-sheet__wallet-hint">{t('recognition.sheet.walletHint')}</p>
              <section className="sf-badge-sheet__downloads" aria-label={t('recognition.sheet.downloads')}>
                {open.earned.credentialUrl ? (
                  <DownloadLink href={open.earned.credentialUrl} icon={<FileOutline aria-hidden="true" className="sf-badge-download__icon" />} title={t('recognition.sheet.credential')} hint={t('recognition.sheet.credentialHint')} testId="badge-credential" />
                ) : null}
                {open.earned.pngUrl ? (
                  <DownloadLink href={open.earned.pngUrl} icon={<PictureOutline aria-hidden="true" className="sf-badge-download__icon" />} title={t('recognition.sheet.png')} hint={t('recognition.sheet.pngHint')} testId="badge-png" />
                ) : null}
              </section>
            </details>
          ) : null}
        </div>
      ) : null}
    </Popup>
  );
}

export function Badges({ userId, mine }: { userId: string; mine: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useBadges(userId, mine);
  const [open, setOpen] = useState<Open | null>(null);
  const earned = data?.earned ?? [];
  const locked = mine ? (data?.locked ?? []) : [];
  const total = earned.length + locked.length;

  const [params, setParams] = useSearchParams();
  const linked = params.get('badge');
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!data || !linked || opened.current === linked) return;
    opened.current = linked;
    const e = data.earned.find((x) => x.badge.id === linked);
    const l = mine ? data.locked?.find((x) => x.badge.id === linked) : undefined;
    if (e) setOpen({ badge: e.badge, earned: e });
    else if (l) setOpen({ badge: l.badge, locked: l });
  }, [data, linked, mine]);
  const close = () => {
    setOpen(null);
    if (linked) {
      const next = new URLSearchParams(params);
      next.delete('badge');
      setParams(next, { replace: true });
    }
  };

  return (
    <section className="sf-card sf-badges" aria-labelledby="badges-title">
      <header className="sf-rec-head">
        <h3 id="badges-title" className="sf-card__title">{t('recognition.badges.title')}</h3>
        {data && total ? (
          <span className="sf-rec-head__count">
            {mine ? t('recognition.badges.earnedOf', { earned: formatNumber(earned.length), total: formatNumber(total) }) : t('recognition.badges.earnedCount', { n: formatNumber(earned.length) })}
          </span>
        ) : null}
      </header>
      {isLoading ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : isError ? (
        <LoadFailed text={t('recognition.badges.loadError')} onRetry={() => void refetch()} />
      ) : !total ? (
        <p className="sf-rec-empty">
          <strong>{mine ? t('recognition.badges.emptyTitle') : t('recognition.badges.emptyOther')}</strong>
          {mine ? <span>{t('recognition.badges.emptyBody')}</span> : null}
        </p>
      ) : (
        <ul className="sf-badge-grid">
          {earned.map((e) => (
            <li key={e.badge.id}>
              <button type="button" className="sf-badge" data-testid="badge-earned" data-badge-id={e.badge.id} onClick={() => setOpen({ badge: e.badge, earned: e })} aria-label={t('recognition.badges.open', { name: e.badge.name })}>
                <Pic picture={e.badge.image} size={72} fit="cover" className="sf-badge__pic" />
                <span className="sf-badge__name">{e.badge.name}</span>
                <time className="sf-badge__date" dateTime={e.awardedAt}>{formatDate(e.awardedAt)}</time>
              </button>
            </li>
          ))}
          {locked.map((l) => (
            <li key={l.badge.id}>
              <button type="button" className="sf-badge is-locked" data-testid="badge-locked" data-badge-id={l.badge.id} onClick={() => setOpen({ badge: l.badge, locked: l })} aria-label={t('recognition.badges.open', { name: l.badge.name })}>
                <Pic picture={l.badge.image} size={72} fit="cover" className="sf-badge__pic" />
                <span className="sf-badge__name">{l.badge.name}</span>
                <ProgressLine locked={l} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <BadgeSheet open={open} mine={mine} onClose={close} />
    </section>
  );
}

/** One file of the badge to keep (the credential, the picture): what it is, what it is for, a download. */
function DownloadLink({ href, icon, title, hint, testId }: { href: string; icon: ReactNode; title: string; hint: string; testId: string }) {
  return (
    <a className="sf-badge-download" href={href} download data-testid={testId}>
      {icon}
      <span className="sf-badge-download__text">
        <span className="sf-badge-download__title">{title}</span>
        <span className="sf-badge-download__hint">{hint}</span>
      </span>
      <DownlandOutline aria-hidden="true" />
    </a>
  );
}
