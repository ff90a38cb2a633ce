// My certificates on my profile (issue 32): each with its course or learning path, whether it is valid, expiring (within 30
// days: learn the course again to renew it) or expired, and its PDF, its public verification page and its
// Open Badges credential. Shown on my own profile only; nothing while I hold none.
import { Skeleton } from 'antd-mobile';
import { CheckShieldOutline, DownlandOutline, FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { useCertificates } from './api';
import type { Certificate } from './types';
import { LoadFailed } from './parts';

function CertificateCard({ c }: { c: Certificate }) {
  const { t } = useTranslation();
  return (
    <li className={`sf-certificate is-${c.status}`} data-testid="certificate" data-status={c.status}>
      <div className="sf-certificate__head">
        <span className="sf-certificate__title">{c.title}</span>
        <span className={`sf-certificate__status is-${c.status}`}>{t(`recognition.certificates.status.${c.status}`)}</span>
      </div>
      <span className="sf-certificate__course">{c.subject.kind === 'path' ? t('recognition.certificates.path', { title: c.subject.title }) : c.subject.title}</span>
      <span className="sf-certificate__dates">
        {c.status === 'expired'
          ? t('recognition.certificates.expiredOn', { date: formatDate(c.expiresAt) })
          : t('recognition.certificates.validUntil', { date: formatDate(c.expiresAt) })}
      </span>
      {c.status !== 'valid' && c.learnCourseId ? (
        <Link className="sf-certificate__renew" to={`/learning/course/${encodeURIComponent(c.learnCourseId)}`} data-testid="certificate-renew">
          {t(c.subject.kind === 'path' ? 'recognition.certificates.renewPath' : 'recognition.certificates.renew')}
        </Link>
      ) : null}
      <div className="sf-certificate__actions">
        <a className="sf-certificate__action" href={c.pdfUrl} download data-testid="certificate-pdf">
          <DownlandOutline aria-hidden="true" /> {t('recognition.certificates.pdf')}
        </a>
        <a className="sf-certificate__action" href={c.verifyUrl} data-testid="certificate-verify">
          <CheckShieldOutline aria-hidden="true" /> {t('recognition.certificates.verify')}
        </a>
        <a className="sf-certificate__action" href={c.credentialUrl} download data-testid="certificate-credential">
          <FileOutline aria-hidden="true" /> {t('recognition.certificates.credential')}
        </a>
      </div>
    </li>
  );
}

export function Certificates() {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useCertificates(true);
  if (!isLoading && !isError && !data?.items.length) return null;
  return (
    <section className="sf-card sf-certificates" aria-labelledby="certificates-title" data-testid="certificates">
      <header className="sf-rec-head">
        <h3 id="certificates-title" className="sf-card__title">{t('recognition.certificates.title')}</h3>
      </header>
      {isLoading ? (
        <Skeleton.Paragraph lineCount={2} animated />
      ) : isError ? (
        <LoadFailed text={t('recognition.certificates.loadError')} onRetry={() => void refetch()} />
      ) : (
        <ul className="sf-certificate-list">
          {data?.items.map((c) => <CertificateCard key={c.id} c={c} />)}
        </ul>
      )}
    </section>
  );
}
