// Polls (/club/polls, its own lazy chunk): the open polls I may vote in, then the recently closed ones. Each
// poll's options are big tappable rows: a tap only picks (single choice: a radio, tapping another moves it;
// multiple choice: ticks up to maxChoices), and the Vote button casts the ballot, which cannot be taken back
// (the rows are disabled while it is sent). Once results are
// visible (after my vote, after closing, as the poll says) each option shows its bar, count and percent,
// with my choices marked.
import './i18n';
import { Button } from 'antd-mobile';
import { CheckCircleFill, CheckOutline, ClockCircleOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { notify } from '../../lib/toast';
import { Image } from '../../lib/image';
import { ClubHeader } from '../../components/ClubParts';
import type { MediaSummary } from '../../lib/media';
import { formatDate, formatNumber, localeTag } from '../../lib/format';
import { barWidth, canPickMore, canSubmit, canVote, formatPercent, maxPicks, resultsById, resultsNote, togglePick } from '../../lib/polls/logic';
import { pollErrorText, usePolls, useVote } from './api';
import type { Poll, PollOption } from '../../lib/polls/types';
import './polls.css';
import { ListStates } from '../../components/ListStates';

/** A poll's or an option's picture when it has one (any library image; a video or PDF is skipped). */
function PollImage({ media, sizes }: { media: MediaSummary | null | undefined; sizes: string }) {
  if (!media?.url || (media.kind && media.kind !== 'image')) return null;
  return <Image src={media.url} alt="" sizes={sizes} width={media.width ?? undefined} height={media.height ?? undefined} fit="cover" />;
}

function OptionImage({ option }: { option: PollOption }) {
  if (!option.image?.url || (option.image.kind && option.image.kind !== 'image')) return null;
  return (
    <span className="sf-poll-option__image">
      <PollImage media={option.image} sizes="64px" />
    </span>
  );
}

/** The poll once results are visible: one bar per option, in the poll's order, mine marked. */
function Results({ poll }: { poll: Poll }) {
  const { t } = useTranslation();
  const rows = resultsById(poll.results);
  const mine = new Set(poll.myVote ?? []);
  return (
    <ul className="sf-poll-results" aria-label={t('polls.ballots', { count: poll.results?.total ?? 0, n: formatNumber(poll.results?.total ?? 0) })}>
      {poll.options.map((o) => {
        const r = rows.get(o.id) ?? { votes: 0, percent: 0 };
        const isMine = mine.has(o.id);
        const percent = formatPercent(r.percent, localeTag());
        const votes = t('polls.votes', { count: r.votes, n: formatNumber(r.votes) });
        return (
          <li
            key={o.id}
            className={`sf-poll-result ${isMine ? 'is-mine' : ''}`}
            data-testid="poll-result"
            data-option-id={o.id}
            data-votes={r.votes}
            data-mine={isMine ? 'true' : 'false'}
            aria-label={t('polls.resultLabel', { text: o.text, percent, votes }) + (isMine ? ` (${t('polls.yourChoice')})` : '')}
          >
            <OptionImage option={o} />
            <span className="sf-poll-result__body" aria-hidden="true">
              <span className="sf-poll-result__line">
                <span className="sf-poll-result__text">
                  {isMine ? <CheckCircleFill className="sf-poll-result__mine" /> : null}
                  {o.text}
                </span>
                <span className="sf-poll-result__percent">{percent}</span>
              </span>
              <span className="sf-poll-result__track">
                <span className="sf-poll-result__bar" style={{ width: `${barWidth(r.votes, r.percent)}%` }} />
              </span>
              <span className="sf-poll-result__votes">{votes}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Ballot({ poll, busy, anyBusy, onVote }: { poll: Poll; busy: boolean; anyBusy: boolean; onVote: (optionIds: string[]) => void }) {
  const { t } = useTranslation();
  const max = maxPicks(poll);
  const multiple = poll.choice === 'multiple';
  const [picked, setPicked] = useState<string[]>([]);
  const disabled = busy || anyBusy;

  return (
    <>
      <p className="sf-poll__how" id={`poll-${poll.id}-how`}>{multiple ? t('polls.multiple', { n: formatNumber(max) }) : t('polls.single')}</p>
      <ul className="sf-poll-options" role={multiple ? 'group' : 'radiogroup'} aria-label={poll.title} aria-describedby={`poll-${poll.id}-how`}>
        {poll.options.map((o) => {
          const on = picked.includes(o.id);
          return (
            <li key={o.id}>
              <button
                type="button"
                role={multiple ? 'checkbox' : 'radio'}
                aria-checked={on}
                className={`sf-poll-option ${on ? 'is-on' : ''}`}
                data-testid="poll-option"
                data-option-id={o.id}
                disabled={disabled || (multiple && !on && !canPickMore(picked, max))}
                onClick={() => setPicked((p) => (multiple ? togglePick(p, o.id, max) : [o.id]))}
              >
                {multiple ? (
                  <span className={`sf-poll-option__box ${on ? 'is-on' : ''}`} aria-hidden="true">{on ? <CheckOutline /> : null}</span>
                ) : (
                  <span className="sf-poll-option__radio" aria-hidden="true" />
                )}
                <OptionImage option={o} />
                <span className="sf-poll-option__text">{o.text}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="sf-poll__submit">
        <span className="sf-poll__count" aria-live="polite">
          {multiple ? t('polls.picked', { n: formatNumber(picked.length), max: formatNumber(max) }) : picked.length ? t('polls.pickedOne') : t('polls.pickFirst')}
        </span>
        <Button
          color="primary"
          shape="rounded"
          data-testid="poll-vote"
          disabled={!canSubmit(picked, max) || anyBusy}
          loading={busy}
          loadingText={t('polls.voting')}
          onClick={() => onVote(picked)}
        >
          {t('polls.vote')}
        </Button>
      </div>
    </>
  );
}

function PollCard({ poll, busy, anyBusy, onVote }: { poll: Poll; busy: boolean; anyBusy: boolean; onVote: (p: Poll, ids: string[]) => void }) {
  const { t } = useTranslation();
  const note = resultsNote(poll);
  return (
    <section
      className={`sf-card sf-poll ${poll.open ? '' : 'is-closed'}`}
      data-testid="poll"
      data-poll-id={poll.id}
      data-open={poll.open ? 'true' : 'false'}
      data-voted={poll.myVote ? 'true' : 'false'}
      aria-labelledby={`poll-${poll.id}`}
    >
      <div className="sf-poll__meta">
        {poll.open ? (
          poll.endAt ? (
            <span className="sf-poll__closes"><ClockCircleOutline aria-hidden="true" /> {t('polls.closes', { date: formatDate(poll.endAt, true) })}</span>
          ) : (
            <span className="sf-poll__tag is-open">{t('polls.open')}</span>
          )
        ) : (
          <span className="sf-poll__tag is-closed" data-testid="poll-closed">{t('polls.closed')}</span>
        )}
        {poll.myVote ? <span className="sf-poll__tag is-voted"><CheckCircleFill aria-hidden="true" /> {t('polls.youVoted')}</span> : null}
      </div>
      {poll.image?.url && (!poll.image.kind || poll.image.kind === 'image') ? (
        <div className="sf-poll__image"><PollImage media={poll.image} sizes="(max-width: 600px) 100vw, 560px" /></div>
      ) : null}
      <h2 id={`poll-${poll.id}`} className="sf-poll__title">{poll.title}</h2>
      {poll.description ? <p className="sf-poll__description">{poll.description}</p> : null}

      {poll.results ? (
        <>
          <Results poll={poll} />
          <p className="sf-poll__total">{t('polls.ballots', { count: poll.results.total, n: formatNumber(poll.results.total) })}</p>
        </>
      ) : canVote(poll) ? (
        <Ballot poll={poll} busy={busy} anyBusy={anyBusy} onVote={(ids) => onVote(poll, ids)} />
      ) : (
        <ul className="sf-poll-results is-plain">
          {poll.options.map((o) => {
            const isMine = !!poll.myVote?.includes(o.id);
            return (
              <li key={o.id} className={`sf-poll-result ${isMine ? 'is-mine' : ''}`} data-option-id={o.id} data-mine={isMine ? 'true' : 'false'}>
                <OptionImage option={o} />
                <span className="sf-poll-result__text">
                  {isMine ? <CheckCircleFill className="sf-poll-result__mine" aria-label={t('polls.yourChoice')} /> : null}
                  {o.text}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {note ? <p className="sf-poll__note" data-testid="poll-note">{t(note === 'later' ? 'polls.resultsLater' : 'polls.resultsHidden')}</p> : null}
      {!poll.open && !poll.myVote ? <p className="sf-poll__note">{t('polls.notVoted')}</p> : null}
    </section>
  );
}

export function PollsPage() {
  const { t } = useTranslation();
  const list = usePolls();
  const { data } = list;
  const vote = useVote();
  const busyPoll = vote.isPending ? vote.variables?.pollId ?? null : null;

  const onVote = (poll: Poll, optionIds: string[]) => {
    if (vote.isPending) return;
    vote.mutate(
      { pollId: poll.id, optionIds },
      {
        onSuccess: () => notify.success(t('polls.voted'), `poll-${poll.id}`),
        onError: (e) => notify.error(pollErrorText(t, e, 'offlineActions.vote'), `poll-${poll.id}`),
      },
    );
  };

  return (
    <div className="sf-page sf-club-page sf-polls-page">
      <ClubHeader title={t('polls.title')} subtitle={t('polls.subtitle')} />
      <ListStates
        query={list}
        items={data?.items}
        errorText={t('polls.loadError')}
        empty={<EmptyState icon={<UnorderedListOutline />} title={t('polls.emptyTitle')} body={t('polls.emptyBody')} />}
      >
        {(items) => items.map((p) => <PollCard key={p.id} poll={p} busy={busyPoll === p.id} anyBusy={busyPoll !== null} onVote={onVote} />)}
      </ListStates>
    </div>
  );
}

export default PollsPage;
