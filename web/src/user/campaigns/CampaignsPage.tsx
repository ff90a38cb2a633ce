// Campaigns and naming contests (/club/campaigns, their own lazy chunk): the open ones with their phase and
// the date it counts towards; a card opens the contest's page.
import './i18n';
import { RightOutline, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Image } from '../../lib/image';
import { ClubHeader } from '../../components/ClubParts';
import { formatDate } from '../../lib/format';
import { phaseDeadline } from './logic';
import { useContests } from './api';
import type { ContestSummary } from './types';
import './campaigns.css';
import { ListStates } from '../../components/ListStates';

export function PhaseTag({ contest }: { contest: Pick<ContestSummary, 'phase'> }) {
  const { t } = useTranslation();
  return <span className={`sf-contest-phase is-${contest.phase}`} data-testid="contest-phase" data-phase={contest.phase}>{t(`campaigns.phase.${contest.phase}`)}</span>;
}

function ContestCard({ c }: { c: ContestSummary }) {
  const { t } = useTranslation();
  const deadline = phaseDeadline(c);
  return (
    <Link to={`/club/campaigns/${encodeURIComponent(c.id)}`} className="sf-card sf-contest-card" data-testid="contest-card" data-contest-id={c.id}>
      {c.cover?.url ? (
        <span className="sf-contest-card__cover"><Image src={c.cover.url} alt="" sizes="96px" fit="cover" /></span>
      ) : (
        <span className="sf-contest-card__cover is-empty" aria-hidden="true"><StarOutline /></span>
      )}
      <span className="sf-contest-card__body">
        <span className="sf-contest-card__meta">
          <span className="sf-contest-kind">{t(`campaigns.kind.${c.kind}`)}</span>
          <PhaseTag contest={c} />
        </span>
        <span className="sf-contest-card__title">{c.title}</span>
        {deadline ? <span className="sf-contest-card__date">{t(deadline.key, { date: formatDate(deadline.at, true) })}</span> : null}
      </span>
      <RightOutline className="sf-contest-card__chevron" aria-hidden="true" />
    </Link>
  );
}

export function CampaignsPage() {
  const { t } = useTranslation();
  const list = useContests();
  const { data } = list;
  return (
    <div className="sf-page sf-club-page sf-contests-page">
      <ClubHeader title={t('campaigns.title')} subtitle={t('campaigns.subtitle')} />
      <ListStates
        query={list}
        items={data?.items}
        errorText={t('campaigns.loadError')}
        empty={<EmptyState icon={<StarOutline />} title={t('campaigns.emptyTitle')} body={t('campaigns.emptyBody')} />}
      >
        {(items) => items.map((c) => <ContestCard key={c.id} c={c} />)}
      </ListStates>
    </div>
  );
}

export default CampaignsPage;
