// One campaign or naming contest (/club/campaigns/:id): its phase, the entry grid (approved entries of
// everyone; shortlisted names for a naming contest) with vote buttons and my votes left (a vote cannot be
// taken back, so its button asks first, naming the entry and the votes left), my own entries with
// their status and the reason of a rejection, the submit sheet (a photo from the camera or gallery, resized
// in the browser before upload, or a text / a name with its reason), and the winners once announced.
import './i18n';
import { Button, Popup, Skeleton, TextArea, Input } from 'antd-mobile';
import { CameraOutline, CheckCircleFill, PictureOutline, StarFill, StarOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { Image } from '../../lib/image';
import { notify } from '../../lib/toast';
import { ClubHeader } from '../../components/ClubParts';
import { formatDate, formatNumber } from '../../lib/format';
import { canEnter, canVoteFor, phaseDeadline } from './logic';
import { uploadPhoto } from '../../lib/photos';
import { contestErrorText, useContest, useSubmitEntry, useVoteEntry } from './api';
import { PhaseTag } from './CampaignsPage';
import type { ContestEntry, ContestSummary } from './types';
import './campaigns.css';

function EntryCard({ contest, entry, busy, onVote }: { contest: ContestSummary; entry: ContestEntry; busy: boolean; onVote?: (e: ContestEntry) => void }) {
  const { t } = useTranslation();
  const votable = canVoteFor(contest, entry);
  const naming = contest.kind === 'naming';
  return (
    <li className={`sf-contest-entry ${entry.winner ? 'is-winner' : ''} ${naming || !entry.photo ? 'is-text' : ''}`} data-testid="contest-entry" data-entry-id={entry.id} data-status={entry.status} data-voted={entry.myVote ? 'true' : 'false'}>
      {entry.photo?.url ? (
        <span className="sf-contest-entry__photo"><Image src={entry.photo.url} alt={entry.text ?? ''} sizes="(max-width: 600px) 50vw, 280px" width={entry.photo.width ?? undefined} height={entry.photo.height ?? undefined} fit="cover" /></span>
      ) : null}
      <span className="sf-contest-entry__body">
        {entry.winner ? <span className="sf-contest-entry__winner"><StarFill aria-hidden="true" /> {t('campaigns.winner')}</span> : null}
        {entry.text ? <span className={naming ? 'sf-contest-entry__name' : 'sf-contest-entry__text'}>{entry.text}</span> : null}
        {entry.reason ? <span className="sf-contest-entry__reason">{entry.reason}</span> : null}
        {entry.mine ? (
          <span className={`sf-contest-status is-${entry.status}`} data-testid="entry-status">
            {t(`campaigns.status.${naming && entry.status === 'approved' ? 'shortlisted' : entry.status}`)}
          </span>
        ) : null}
        {entry.mine && entry.rejectReason ? <span className="sf-contest-entry__reject" data-testid="entry-reject-reason">{t('campaigns.rejectReason', { reason: entry.rejectReason })}</span> : null}
        {entry.votes !== null ? <span className="sf-contest-entry__votes" data-testid="entry-votes">{t('campaigns.votes', { count: entry.votes, n: formatNumber(entry.votes) })}</span> : null}
        {onVote && contest.phase === 'voting' && !entry.mine ? (
          entry.myVote ? (
            <span className="sf-contest-entry__voted"><CheckCircleFill aria-hidden="true" /> {t('campaigns.youVoted')}</span>
          ) : (
            <Button size="small" color="primary" shape="rounded" fill="outline" disabled={!votable || busy} loading={busy} data-testid="entry-vote" onClick={() => onVote(entry)}>
              {t('campaigns.vote')}
            </Button>
          )
        ) : null}
      </span>
    </li>
  );
}

function SubmitSheet({ contest, open, onClose }: { contest: ContestSummary; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const submit = useSubmitEntry(contest.id);
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [uploading, setUploading] = useState(false);
  const photo = contest.entryType === 'photo';
  const naming = contest.kind === 'naming';

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const ready = photo ? !!file : naming ? !!text.trim() && !!reason.trim() : !!text.trim();
  const send = async () => {
    try {
      setUploading(true);
      const photoId = photo && file ? (await uploadPhoto(file)).id : undefined;
      await submit.mutateAsync({ text: text.trim() || undefined, reason: naming ? reason.trim() : undefined, photoId });
      notify.success(t(naming ? 'campaigns.sheet.sentName' : 'campaigns.sheet.sent'), `contest-${contest.id}`);
      setFile(null);
      setText('');
      setReason('');
      onClose();
    } catch (e) {
      notify.error(contestErrorText(t, e), `contest-${contest.id}`);
    } finally {
      setUploading(false);
    }
  };
  const pick = (input: HTMLInputElement | null) => {
    const f = input?.files?.[0];
    if (f) setFile(f);
    if (input) input.value = '';
  };

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sf-contest-sheet" destroyOnClose>
      <div data-testid="contest-sheet">
        <h2 className="sf-contest-sheet__title">{t(naming ? 'campaigns.sheet.titleName' : 'campaigns.sheet.title')}</h2>
        <p className="sf-contest-sheet__hint">{t('campaigns.sheet.limit', { n: formatNumber(contest.entryLimit - contest.myEntries) })}</p>
        {photo ? (
          <>
            <div className="sf-contest-sheet__preview">
              {preview ? <img src={preview} alt={t('campaigns.sheet.preview')} data-testid="contest-preview" /> : <PictureOutline aria-hidden="true" />}
            </div>
            <div className="sf-contest-sheet__pick">
              <Button shape="rounded" onClick={() => camera.current?.click()}><CameraOutline /> {t('campaigns.sheet.camera')}</Button>
              <Button shape="rounded" onClick={() => gallery.current?.click()}><PictureOutline /> {t('campaigns.sheet.gallery')}</Button>
            </div>
            <input ref={camera} type="file" accept="image/*" capture="environment" hidden onChange={(e) => pick(e.currentTarget)} data-testid="contest-camera" />
            <input ref={gallery} type="file" accept="image/*" hidden onChange={(e) => pick(e.currentTarget)} data-testid="contest-file" />
            <label className="sf-contest-sheet__label">
              {t('campaigns.sheet.caption')}
              <Input value={text} onChange={setText} maxLength={200} placeholder={t('campaigns.sheet.captionHint')} data-testid="contest-caption" />
            </label>
          </>
        ) : (
          <label className="sf-contest-sheet__label">
            {t(naming ? 'campaigns.sheet.name' : 'campaigns.sheet.text')}
            {naming ? (
              <Input value={text} onChange={setText} maxLength={100} placeholder={t('campaigns.sheet.nameHint')} data-testid="contest-name" />
            ) : (
              <TextArea value={text} onChange={setText} maxLength={2000} rows={5} showCount data-testid="contest-text" />
            )}
          </label>
        )}
        {naming ? (
          <label className="sf-contest-sheet__label">
            {t('campaigns.sheet.reason')}
            <TextArea value={reason} onChange={setReason} maxLength={500} rows={3} showCount placeholder={t('campaigns.sheet.reasonHint')} data-testid="contest-reason" />
          </label>
        ) : null}
        <Button block color="primary" shape="rounded" size="large" disabled={!ready || uploading} loading={uploading} loadingText={t('campaigns.sheet.sending')} onClick={() => void send()} data-testid="contest-send">
          {t('campaigns.sheet.send')}
        </Button>
      </div>
    </Popup>
  );
}

export function CampaignPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { data, isLoading, isError, error, refetch } = useContest(id);
  const vote = useVoteEntry(id);
  const [confirmDialog, confirm] = useConfirm();
  const [sheet, setSheet] = useState(false);
  const c = data?.contest;
  const naming = c?.kind === 'naming';
  const deadline = c ? phaseDeadline(c) : null;

  const onVote = (e: ContestEntry) => {
    if (vote.isPending || !c) return;
    confirm({
      title: t(naming ? 'campaigns.confirm.titleName' : 'campaigns.confirm.title'),
      content: (
        <div className="sf-contest-confirm">
          {e.photo?.url ? <span className="sf-contest-confirm__photo"><Image src={e.photo.url} alt="" sizes="96px" fit="cover" /></span> : null}
          {e.text ? <p className={naming ? 'sf-contest-entry__name' : 'sf-contest-confirm__text'}>{e.text}</p> : null}
          <p className="sf-contest-confirm__note">{c.votesLeft > 1 ? t('campaigns.confirm.body', { n: formatNumber(c.votesLeft) }) : t('campaigns.confirm.bodyLast')}</p>
        </div>
      ),
      confirmText: t('campaigns.vote'),
      cancelText: t('common.cancel'),
      testId: 'vote-confirm',
      onConfirm: async () => {
        try {
          const r = await vote.mutateAsync(e.id);
          notify.success(t('campaigns.voted', { n: formatNumber(r.votesLeft) }), `contest-vote-${id}`);
        } catch (err) {
          notify.error(contestErrorText(t, err, 'offlineActions.vote'), `contest-vote-${id}`);
        }
      },
    });
  };

  if (isError) {
    return (
      <div className="sf-page sf-club-page sf-contest-page">
        <ClubHeader title={t('campaigns.title')} to="/club/campaigns" backLabel={t('campaigns.title')} />
        <EmptyState icon={<StarOutline />} title={t('campaigns.missing')} body={contestErrorText(t, error)} action={<Button onClick={() => void refetch()}>{t('common.retry')}</Button>} />
      </div>
    );
  }
  return (
    <div className="sf-page sf-club-page sf-contest-page" data-testid="contest-page" data-phase={c?.phase}>
      <ClubHeader title={c?.title ?? t('campaigns.title')} to="/club/campaigns" backLabel={t('campaigns.title')} />
      {isLoading || !c || !data ? (
        <div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={8} animated /></div>
      ) : (
        <>
          <section className="sf-card sf-contest-head">
            {c.cover?.url ? <div className="sf-contest-head__cover"><Image src={c.cover.url} alt="" sizes="(max-width: 600px) 100vw, 560px" fit="cover" /></div> : null}
            <div className="sf-contest-card__meta">
              <span className="sf-contest-kind">{t(`campaigns.kind.${c.kind}`)}</span>
              <PhaseTag contest={c} />
              {deadline ? <span className="sf-contest-head__date">{t(deadline.key, { date: formatDate(deadline.at, true) })}</span> : null}
            </div>
            {c.description ? <p className="sf-contest-head__description">{c.description}</p> : null}
            <ul className="sf-contest-head__facts">
              <li>{t('campaigns.facts.entries', { n: formatNumber(c.entryLimit) })}</li>
              <li>{t('campaigns.facts.votes', { n: formatNumber(c.votesPerPerson) })}</li>
              {c.winPoints > 0 ? <li>{t(c.winnersCount === 1 ? 'campaigns.facts.winPointsOne' : 'campaigns.facts.winPointsTop', { n: formatNumber(c.winPoints), top: formatNumber(c.winnersCount) })}</li> : null}
              {c.entryPoints > 0 ? <li>{t('campaigns.facts.entryPoints', { n: formatNumber(c.entryPoints) })}</li> : null}
            </ul>
            {c.phase === 'voting' ? (
              <p className="sf-contest-head__votes" data-testid="votes-left" data-left={c.votesLeft}>{t('campaigns.votesLeft', { count: c.votesLeft, n: formatNumber(c.votesLeft) })}</p>
            ) : null}
            {canEnter(c) ? (
              <Button block color="primary" shape="rounded" size="large" onClick={() => setSheet(true)} data-testid="contest-submit">
                {naming ? <StarOutline /> : c.entryType === 'photo' ? <CameraOutline /> : <StarOutline />} {t(naming ? 'campaigns.proposeName' : 'campaigns.submit')}
              </Button>
            ) : null}
          </section>

          {data.winners.length ? (
            <section className="sf-contest-section" data-testid="contest-winners">
              <h2 className="sf-contest-section__title"><StarFill aria-hidden="true" /> {t('campaigns.winners')}</h2>
              <ul className={`sf-contest-grid ${naming ? 'is-names' : ''}`}>
                {data.winners.map((e) => <EntryCard key={e.id} contest={c} entry={e} busy={false} />)}
              </ul>
            </section>
          ) : null}

          {data.mine.length ? (
            <section className="sf-contest-section" data-testid="contest-mine">
              <h2 className="sf-contest-section__title">{t(naming ? 'campaigns.myNames' : 'campaigns.mine')}</h2>
              <ul className={`sf-contest-grid ${naming ? 'is-names' : ''}`}>
                {data.mine.map((e) => <EntryCard key={e.id} contest={c} entry={e} busy={false} />)}
              </ul>
            </section>
          ) : null}

          <section className="sf-contest-section" data-testid="contest-entries">
            <h2 className="sf-contest-section__title">{t(naming ? 'campaigns.shortlist' : 'campaigns.entries')}</h2>
            {data.entries.filter((e) => !e.mine).length ? (
              <ul className={`sf-contest-grid ${naming ? 'is-names' : ''}`}>
                {data.entries.filter((e) => !e.mine).map((e) => (
                  <EntryCard key={e.id} contest={c} entry={e} busy={vote.isPending && vote.variables === e.id} onVote={onVote} />
                ))}
              </ul>
            ) : (
              <p className="sf-contest-empty">{t(naming ? 'campaigns.noShortlist' : 'campaigns.noEntries')}</p>
            )}
          </section>
          <SubmitSheet contest={c} open={sheet} onClose={() => setSheet(false)} />
          {confirmDialog}
        </>
      )}
    </div>
  );
}

export default CampaignPage;
