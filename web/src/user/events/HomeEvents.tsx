// Home's "upcoming events" card: the two soonest events or social club activities I can see, each linking to
// its detail, and a link to all of them. Light on purpose: it fetches the two lists itself (the same queries
// as the events screens, so they open from the cache) and imports only their pure helpers, never their chunk.
import { useQuery } from '@tanstack/react-query';
import { CalendarOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SeeAllLink } from '../../components/SeeAllLink';
import { api } from '../../lib/api';
import { apiBase, areaOf, eventsKey, soonest, webPath } from './logic';
import type { Area, EventsAnswer } from './types';
import { formatWhen } from './when';

const useList = (area: Area) =>
  useQuery({
    queryKey: eventsKey(area),
    queryFn: ({ signal }) => api<EventsAnswer>(apiBase(area), { signal, toastOnNetworkError: false }),
    staleTime: 30_000,
    retry: false,
  });

/** Upcoming items of both areas (0 while loading): Home's card and the Club tab's entry. */
export function useUpcomingEvents(n = 2) {
  const events = useList('events'), social = useList('socialclub');
  return soonest([events.data?.items, social.data?.items], n);
}

export function HomeEvents() {
  const { t } = useTranslation();
  const items = useUpcomingEvents(2);
  if (!items.length) return null;
  return (
    <section className="sf-home-events sf-card" data-testid="home-events" aria-labelledby="home-events-title">
      <div className="sf-home-events__head">
        <h2 id="home-events-title" className="sf-home-events__title"><CalendarOutline aria-hidden="true" /> {t('home.events.title')}</h2>
        <SeeAllLink to="/club/events" />
      </div>
      <ul className="sf-home-events__list">
        {items.map((i) => (
          <li key={i.id}>
            <Link to={`${webPath(areaOf(i.kind))}/${i.id}`} className="sf-home-events__item" data-testid="home-event" data-event-id={i.id}>
              <span className="sf-home-events__text">
                <span className="sf-home-events__when">{formatWhen(i.startsAt, i.endsAt)}</span>
                <span className="sf-home-events__name">{i.title}</span>
                {i.mine ? (
                  <span className="sf-home-events__mine">
                    {i.mine.status === 'going' ? t('home.events.going') : t('home.events.waitlisted', { n: i.mine.position ?? 0 })}
                  </span>
                ) : null}
              </span>
              <RightOutline aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
