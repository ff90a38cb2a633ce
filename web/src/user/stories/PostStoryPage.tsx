// Posting (/stores/new) and editing while pending (/stores/:id/edit): the text with its counter, up to six
// photos from the camera or gallery (resized in the browser and uploaded on send, so a 12 MP photo never
// travels), and the store (the person's own by default).
import { Button, Picker, Skeleton, TextArea } from 'antd-mobile';
import { CameraOutline, CloseOutline, DownOutline, PictureOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { uploadPhoto } from '../../lib/photos';
import { notify } from '../../lib/toast';
import { ClubHeader } from '../../components/ClubParts';
import { formatNumber } from '../../lib/format';
import { storyErrorText, usePlaces, useSaveStory, useStory } from './api';
import { canEdit, canPost, MAX_PHOTOS, MAX_TEXT, textLength } from './logic';
import type { Story } from './types';

/** A photo on the form: already uploaded (editing) or a picked file waiting for the send. */
interface Slot {
  key: string;
  id?: string;
  url: string;
  file?: File;
}

let slotSeq = 0;

function StoryForm({ story }: { story?: Story }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const places = usePlaces();
  const save = useSaveStory(story?.id);
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(story?.text ?? '');
  const [slots, setSlots] = useState<Slot[]>(() => (story?.photos ?? []).map((p) => ({ key: p.id, id: p.id, url: p.url })));
  const [store, setStore] = useState<string | undefined>(story?.store?.id);
  const [picking, setPicking] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const storeId = store ?? places.data?.myStore ?? undefined;
  const storeName = places.data?.stores.find((s) => s.id === storeId)?.name ?? story?.store?.name;
  const storeOptions = useMemo(() => (places.data?.stores ?? []).map((s) => ({ label: s.name, value: s.id })), [places.data]);

  // Object URLs of picked files live as long as their slot.
  const urls = useRef(new Set<string>());
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const pick = (input: HTMLInputElement | null) => {
    const files = [...(input?.files ?? [])];
    if (input) input.value = '';
    setSlots((now) => {
      const room = MAX_PHOTOS - now.length;
      const added = files.slice(0, Math.max(0, room)).map((file) => {
        const url = URL.createObjectURL(file);
        urls.current.add(url);
        return { key: `new-${++slotSeq}`, url, file };
      });
      return [...now, ...added];
    });
  };
  const drop = (key: string) => setSlots((now) => now.filter((s) => s.key !== key));

  const ready = canPost(text, slots.length) && !!storeId;
  const busy = save.isPending || progress !== null;
  const send = async () => {
    try {
      const waiting = slots.filter((s) => s.file).length;
      let done = 0;
      const photoIds: string[] = [];
      for (const s of slots) {
        if (s.id) {
          photoIds.push(s.id);
          continue;
        }
        setProgress(t('stories.form.uploading', { n: ++done, total: waiting }));
        const photo = await uploadPhoto(s.file as File);
        s.id = photo.id;  // a retry after a failure does not upload it again
        photoIds.push(photo.id);
      }
      setProgress(null);
      const saved = await save.mutateAsync({ text, photoIds, storeId });
      notify.success(t(story ? 'stories.form.saved' : 'stories.form.sent'), 'story-form');
      navigate(`/stores/${saved.id}`, { replace: true });
    } catch (e) {
      notify.error(storyErrorText(t, e), 'story-form');
    } finally {
      setProgress(null);
    }
  };

  const n = textLength(text);
  return (
    <div className="sf-card sf-story-form" data-testid="story-form">
      <label className="sf-story-form__label" htmlFor="story-text">{t('stories.form.text')}</label>
      <TextArea id="story-text" value={text} onChange={setText} rows={6} autoSize={{ minRows: 6, maxRows: 14 }} placeholder={t('stories.form.textHint')} data-testid="story-form-text" />
      <p className={`sf-story-form__count${n > MAX_TEXT ? ' is-over' : ''}`} data-testid="story-form-count">{formatNumber(n)} / {formatNumber(MAX_TEXT)}</p>

      <p className="sf-story-form__label">{t('stories.form.photos', { n: slots.length, max: MAX_PHOTOS })}</p>
      <ul className="sf-story-form__photos">
        {slots.map((s) => (
          <li key={s.key} className="sf-story-form__photo" data-testid="story-form-photo">
            <img src={s.url} alt="" />
            <button type="button" aria-label={t('stories.form.removePhoto')} onClick={() => drop(s.key)} disabled={busy}><CloseOutline /></button>
          </li>
        ))}
      </ul>
      {slots.length < MAX_PHOTOS ? (
        <div className="sf-story-form__pick">
          <Button shape="rounded" onClick={() => camera.current?.click()} disabled={busy}><CameraOutline /> {t('stories.form.camera')}</Button>
          <Button shape="rounded" onClick={() => gallery.current?.click()} disabled={busy}><PictureOutline /> {t('stories.form.gallery')}</Button>
        </div>
      ) : null}
      <input ref={camera} type="file" accept="image/*" capture="environment" hidden onChange={(e) => pick(e.currentTarget)} data-testid="story-camera" />
      <input ref={gallery} type="file" accept="image/*" multiple hidden onChange={(e) => pick(e.currentTarget)} data-testid="story-files" />
      {slots.length === 0 ? <p className="sf-story-form__hint">{t('stories.form.needPhoto')}</p> : null}

      <p className="sf-story-form__label">{t('stories.form.store')}</p>
      <button type="button" className="sf-stories-filter is-on sf-story-form__store" onClick={() => setPicking(true)} disabled={busy} data-testid="story-form-store">
        <span>{storeName ?? t('stories.filters.pick')}</span> <DownOutline />
      </button>
      <Picker columns={[storeOptions]} visible={picking} value={[storeId ?? '']} onClose={() => setPicking(false)} onConfirm={(v) => setStore(v[0] ? String(v[0]) : undefined)} title={t('stories.form.store')} />

      <Button block color="primary" shape="rounded" size="large" disabled={!ready || busy} loading={busy} loadingText={progress ?? t('stories.form.sending')} onClick={() => void send()} data-testid="story-form-send">
        {t(story ? 'stories.form.save' : 'stories.form.send')}
      </Button>
    </div>
  );
}

export function PostStoryPage() {
  const { t } = useTranslation();
  return (
    <div className="sf-page sf-stories" data-testid="story-post-page">
      <ClubHeader title={t('stories.form.titleNew')} to="/stores" backLabel={t('stories.title')} />
      <StoryForm />
    </div>
  );
}

export function EditStoryPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { data: story, isError } = useStory(id);
  return (
    <div className="sf-page sf-stories" data-testid="story-edit-page">
      <ClubHeader title={t('stories.form.titleEdit')} to={`/stores/${id}`} backLabel={t('stories.detail.title')} />
      {isError || (story && !canEdit(story)) ? (
        <p className="sf-story-note sf-story-note--bad">{t('stories.detail.missing')}</p>
      ) : story ? (
        <StoryForm story={story} />
      ) : (
        <div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={6} animated /></div>
      )}
    </div>
  );
}
