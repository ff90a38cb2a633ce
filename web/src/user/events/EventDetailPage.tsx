// One event or activity (/club/events/:id, /club/social/:id): cover, Thai date and time, place (store,
// address or online link), places left, the RSVP button in its state (going / waitlisted #n / full → join
// the waitlist / not yet / closed), "my ticket" (a sheet with the QR of my registration's code and the code in
// text for the check-in) and add to calendar (.ics), then, last and quiet, cancel my seat with a confirm.
// Past activities show photos.
import './i18n';
import { Button, Dialog, Popup, Skeleton } from 'antd-mobile';
import { CalendarOutline, EnvironmentOutline, GlobalOutline, SystemQRcodeOutline, TeamOutline } from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { EmptyState } from '../../components/EmptyState';
import { QrCode } from '../../components/QrCode';
import { Image } from '../../lib/image';
import { notify } from '../../lib/toast';
import { ClubHeader } from '../../components/ClubParts';
import { RatingEntry } from '../../components/rating/RatingEntry';
import { formatNumber } from '../../lib/format';
import { StateChip } from './EventsPage';
import { apiBase, canCancel, placeText, rsvpState, webPath } from './logic';
import { eventErrorText, useEvent, useSignUp } from './api';
import type { Area, EventItem } from './types';
import { formatWhen } from './when';
import './events.css';

function Ticket({ item, open, onClose }: { item: EventItem; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  if (!item.mine) return null;
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sf-ticket-sheet" showCloseButton destroyOnClose>
      <div className="sf-ticket" data-testid="event-ticket">
        <h2 className="sf-ticket__title">{item.title}</h2>
        <p className="sf-ticket__when">{formatWhen(item.startsAt, item.endsAt)}</p>
        <QrCode value={item.mine.code} size={232} className="sf-ticket__qr" testId="ticket-qr" label={t('events.ticket.qr')} />
        <output className="sf-ticket__code" data-testid="ticket-code" aria-label={t('events.ticket.code')}>{item.mine.code}</output>
        <p className="sf-ticket__hint">
          {item.mine.checkedInAt ? t('events.ticket.checkedIn') : item.mine.status === 'going' ? t('events.ticket.show') : t('events.ticket.waitlisted', { n: item.mine.position ?? 0 })}
        </p>
      </div>
    </Popup>
  );
}

/** My seat's state and the join button, then `actions` (ticket, calendar), then cancelling, below them. */
function Rsvp({ item, area, actions }: { item: EventItem; area: Area; actions: ReactNode }) {
  const { t } = useTranslation();
  const signUp = useSignUp(area, item.id);
  const state = rsvpState(item);
  const act = (action: 'rsvp' | 'cancel') =>
    signUp.mutate(action, {
      onSuccess: (fresh) => {
        if (action === 'cancel') notify.success(t('events.cancelled'), 'event-rsvp');
        else if (fresh.mine?.status === 'waitlisted') notify.success(t('events.joinedWaitlist', { n: fresh.mine.position ?? 0 }), 'event-rsvp');
        else notify.success(t('events.joined'), 'event-rsvp');
      },
      onError: (e) => notify.error(eventErrorText(t, e, action === 'cancel' ? 'offlineActions.cancelRsvp' : 'offlineActions.rsvp'), 'event-rsvp'),
    });
  const cancel = async () => {
    const ok = await Dialog.confirm({ content: t('events.cancelConfirm'), confirmText: t('events.cancel'), cancelText: t('events.keep') });
    if (ok) act('cancel');
  };
  return (
    <div className="sf-event-rsvp" data-testid="event-rsvp" data-state={state.kind}>
      {state.kind === 'checkedIn' ? <p className="sf-event-rsvp__state is-going">{t('events.state.checkedInLong')}</p> : null}
      {state.kind === 'going' ? <p className="sf-event-rsvp__state is-going">{t('events.state.goingLong')}</p> : null}
      {state.kind === 'waitlisted' ? <p className="sf-event-rsvp__state is-waiting">{t('events.state.waitlistedLong', { n: state.position })}</p> : null}
      {state.kind === 'join' || state.kind === 'joinWaitlist' ? (
        <Button block color="primary" size="large" shape="rounded" loading={signUp.isPending} onClick={() => act('rsvp')} data-testid="event-join">
          {state.kind === 'join' ? t('events.join') : t('events.joinWaitlist')}
        </Button>
      ) : null}
      {state.kind === 'notYet' ? <p className="sf-event-rsvp__state">{t('events.state.notYet')}</p> : null}
      {state.kind === 'closed' && !item.mine ? <p className="sf-event-rsvp__state">{t('events.state.closed')}</p> : null}
      {actions}
      {canCancel(item) ? (
        <Button block fill="none" className="sf-event-rsvp__cancel" disabled={signUp.isPending} onClick={() => void cancel()} data-testid="event-cancel">
          {t('events.cancel')}
        </Button>
      ) : null}
    </div>
  );
}

export function EventDetail({ area }: { area: Area }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: item, isLoading, isError } = useEvent(area, id);
  const [ticket, setTicket] = useState(false);
  const back = webPath(area);
  if (isLoading)
    return (
      <div className="sf-page">
        <ClubHeader title={t('events.title')} to={back} backLabel={t('events.title')} />
        <div className="sf-card"><Skeleton.Paragraph lineCount={6} animated /></div>
      </div>
    );
  if (isError || !item)
    return (
      <div className="sf-page">
        <ClubHeader title={t('events.title')} to={back} backLabel={t('events.title')} />
        <EmptyState icon={<CalendarOutline />} title={t('events.error.gone')} body={t('events.emptyBody')} />
      </div>
    );
  const place = placeText(item.place);
  return (
    <div className="sf-page sf-event" data-testid="event-detail" data-event-id={item.id}>
      <ClubHeader title={item.title} to={back} backLabel={t('events.title')} />
      {item.cover?.url ? (
        <div className="sf-event__cover">
          <Image src={item.cover.url} alt="" sizes="100vw" width={item.cover.width ?? undefined} height={item.cover.height ?? undefined} fit="cover" priority />
        </div>
      ) : null}
      <section className="sf-card sf-event__facts">
        <div className="sf-event__chips">
          <StateChip item={item} />
          {item.activityKind ? <span className="sf-event-chip">{t(`events.kinds.${item.activityKind}`)}</span> : null}
          {item.points > 0 ? <span className="sf-event-chip is-points">{t('events.points', { n: formatNumber(item.points) })}</span> : null}
          {item.hours ? <span className="sf-event-chip">{t('events.hours', { n: formatNumber(item.hours) })}</span> : null}
        </div>
        <p className="sf-event__fact"><CalendarOutline aria-hidden="true" /> <span data-testid="event-when">{formatWhen(item.startsAt, item.endsAt)}</span></p>
        <p className="sf-event__fact">
          {item.place.kind === 'online' ? <GlobalOutline aria-hidden="true" /> : <EnvironmentOutline aria-hidden="true" />}{' '}
          {item.place.kind === 'online' && item.place.onlineLink ? (
            <a href={item.place.onlineLink} target="_blank" rel="noopener noreferrer">{t('events.online')}</a>
          ) : (
            <span>{place}</span>
          )}
        </p>
        <p className="sf-event__fact" data-testid="event-places">
          <TeamOutline aria-hidden="true" />{' '}
          {item.capacity === null
            ? t('events.goingUnlimited', { going: formatNumber(item.going) })
            : t('events.goingOf', { going: formatNumber(item.going), capacity: formatNumber(item.capacity), left: formatNumber(item.placesLeft ?? 0) })}
          {item.waitlisted > 0 ? ` · ${t('events.waitlistCount', { n: formatNumber(item.waitlisted) })}` : ''}
        </p>
      </section>
      {area === 'events' && item.mine?.checkedInAt ? <RatingEntry type="event" id={item.id} /> : null}
      <section className="sf-card">
        <Rsvp
          item={item}
          area={area}
          actions={
            item.mine || item.registration !== 'ended' ? (
              <div className="sf-event__actions">
                {item.mine ? (
                  <Button color="primary" shape="rounded" onClick={() => setTicket(true)} data-testid="event-ticket-open">
                    <SystemQRcodeOutline aria-hidden="true" /> {t('events.ticket.open')}
                  </Button>
                ) : null}
                {item.registration !== 'ended' ? (
                  <ButtonLink href={`${apiBase(area)}/${encodeURIComponent(item.id)}/calendar.ics`} download testId="event-calendar">
                    <CalendarOutline aria-hidden="true" /> {t('events.addToCalendar')}
                  </ButtonLink>
                ) : null}
              </div>
            ) : null
          }
        />
      </section>
      {item.description ? <section className="sf-card sf-event__description">{item.description}</section> : null}
      {item.photos?.length ? (
        <section className="sf-card">
          <h2 className="sf-events__section">{t('events.photos')}</h2>
          <div className="sf-event__photos">
            {item.photos.map((p) => (
              <a key={p.id} href={p.url ?? undefined} target="_blank" rel="noopener noreferrer">
                <Image src={p.url ?? ''} alt="" sizes="50vw" width={p.width ?? undefined} height={p.height ?? undefined} fit="cover" />
              </a>
            ))}
          </div>
        </section>
      ) : null}
      <Ticket item={item} open={ticket} onClose={() => setTicket(false)} />
    </div>
  );
}

export function EventDetailPage() {
  return <EventDetail area="events" />;
}
export function SocialDetailPage() {
  return <EventDetail area="socialclub" />;
}
