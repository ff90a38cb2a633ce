// Events and the social club (/club/events, /club/social; their own lazy chunk): a switch between the two
// areas, the upcoming items soonest first (cover, Thai date and time, place, places left, my state), then
// past social activities with their photos. A card opens the detail (EventDetail).
import './i18n';
import { Skeleton } from 'antd-mobile';
import { CalendarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Image } from '../../lib/image';
import { ClubHeader } from '../../components/ClubParts';
import { formatNumber } from '../../lib/format';
import { placeText, webPath } from './logic';
import { useEvents } from './api';
import type { Area, EventItem } from './types';
import { formatWhen } from './when';
import './events.css';

export function StateChip({ item }: { item: EventItem }) {
  const { t } = useTranslation();
  if (item.mine?.checkedInAt) return <span className="sf-event-chip is-going">{t('events.state.checkedIn')}</span>;
  if (item.mine?.status === 'going') return <span className="sf-event-chip is-going">{t('events.state.going')}</span>;
  if (item.mine?.status === 'waitlisted') return <span className="sf-event-chip is-waiting">{t('events.state.waitlisted', { n: item.mine.position ?? 0 })}</span>;
  if (item.registration === 'open' && item.placesLeft === 0) return <span className="sf-event-chip is-full">{t('events.state.full')}</span>;
  return null;
}

function Card({ item, area }: { item: EventItem; area: Area }) {
  const { t } = useTranslation();
  return (
    <Link to={`${webPath(area)}/${item.id}`} className="sf-event-card sf-card" data-testid="event-card" data-event-id={item.id}>
      {item.cover?.url ? (
        <span className="sf-event-card__cover">
          <Image src={item.cover.url} alt="" sizes="120px" width={item.cover.width ?? undefined} height={item.cover.height ?? undefined} fit="cover" />
        </span>
      ) : (
        <span className="sf-event-card__cover is-empty" aria-hidden="true"><CalendarOutline /></span>
      )}
      <span className="sf-event-card__text">
        <span className="sf-event-card__when">{formatWhen(item.startsAt, item.endsAt)}</span>
        <span className="sf-event-card__title">{item.title}</span>
        <span className="sf-event-card__place">{placeText(item.place)}</span>
        <span className="sf-event-card__meta">
          <StateChip item={item} />
          {item.kind === 'social' && item.activityKind ? <span className="sf-event-chip">{t(`events.kinds.${item.activityKind}`)}</span> : null}
          {item.placesLeft !== null && item.placesLeft > 0 ? <span>{t('events.placesLeft', { n: formatNumber(item.placesLeft) })}</span> : null}
        </span>
      </span>
    </Link>
  );
}

export function EventsPage({ area }: { area: Area }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useEvents(area);
  return (
    <div className="sf-page sf-events">
      <ClubHeader title={t('events.title')} subtitle={t('events.subtitle')} />
      <nav className="sf-events-switch" aria-label={t('events.title')}>
        <Link to="/club/events" className={area === 'events' ? 'is-active' : ''} aria-current={area === 'events' ? 'page' : undefined} data-testid="events-tab-events">
          {t('events.tabs.events')}
        </Link>
        <Link to="/club/social" className={area === 'socialclub' ? 'is-active' : ''} aria-current={area === 'socialclub' ? 'page' : undefined} data-testid="events-tab-social">
          {t('events.tabs.social')}
        </Link>
      </nav>
      {isLoading ? (
        <div className="sf-card"><Skeleton.Paragraph lineCount={4} animated /></div>
      ) : isError ? (
        <div className="sf-card sf-card--error">
          {t('events.error.load')}
          <button type="button" className="sf-link-button" onClick={() => void refetch()}>{t('events.retry')}</button>
        </div>
      ) : (
        <>
          {data?.items.length ? (
            <div className="sf-event-list">{data.items.map((i) => <Card key={i.id} item={i} area={area} />)}</div>
          ) : (
            <EmptyState icon={<CalendarOutline />} title={t('events.empty')} body={t('events.emptyBody')} />
          )}
          {data?.past.length ? (
            <>
              <h2 className="sf-events__section">{t('events.past')}</h2>
              <div className="sf-event-list">{data.past.map((i) => <Card key={i.id} item={i} area={area} />)}</div>
            </>
          ) : null}
        </>
      )}
    </div>
  );
}

export function SocialPage() {
  return <EventsPage area="socialclub" />;
}
export function EventsListPage() {
  return <EventsPage area="events" />;
}
