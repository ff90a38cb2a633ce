// The owner's photo on their profile: tap it (or "Change photo") → pick a picture → crop a square in a sheet
// (react-easy-crop: drag, pinch or the slider to zoom) → drawn at 512 x 512 in the browser → POST
// /api/media/photos (checked by content on the server) → PATCH /api/me {photoId}. "Remove photo" sends null.
import { Button, Popup, Slider } from 'antd-mobile';
import { useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { UserPicture } from '../../components/Initials';
import { ApiError } from '../../lib/api';
import { useUpdateMe } from '../../lib/me';
import { cropSquare, uploadPrepared } from '../../lib/photos';
import { notify } from '../../lib/toast';

export function PhotoEditor({ name, image }: { name: string; image: string | null | undefined }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const updateMe = useUpdateMe();

  const close = () => {
    if (source) URL.revokeObjectURL(source);
    setSource(null);
    setFile(null);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    if (input.current) input.current.value = '';
  };
  const pick = (f: File | undefined) => {
    if (!f) return;
    if (!f.type.startsWith('image/')) {
      notify.error(t('profile.photoNotImage'));
      return;
    }
    setFile(f);
    setSource(URL.createObjectURL(f));
  };
  const failed = (e: unknown) =>
    notify.error(e instanceof ApiError && !e.isNetwork ? e.message : t('profile.photoFailed'));
  const save = async () => {
    if (!file || !area) return;
    setBusy(true);
    try {
      const photo = await uploadPrepared(await cropSquare(file, area));
      await updateMe.mutateAsync({ photoId: photo.id });
      notify.success(t('profile.photoSaved'));
      close();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    try {
      await updateMe.mutateAsync({ photoId: null });
      notify.success(t('profile.photoRemoved'));
    } catch (e) {
      failed(e);
    }
  };

  return (
    <div className="sf-photo-editor">
      <button type="button" className="sf-photo-editor__picture" onClick={() => input.current?.click()} aria-label={t('profile.changePhoto')} data-testid="profile-photo">
        <UserPicture name={name} image={image} size={88} />
      </button>
      <div className="sf-photo-editor__actions">
        <Button size="small" fill="outline" onClick={() => input.current?.click()} data-testid="profile-change-photo">
          {t('profile.changePhoto')}
        </Button>
        {image ? (
          <Button size="small" fill="none" onClick={() => void remove()} data-testid="profile-remove-photo">
            {t('profile.removePhoto')}
          </Button>
        ) : null}
      </div>
      <input ref={input} type="file" accept="image/*" hidden onChange={(e) => pick(e.target.files?.[0])} data-testid="profile-photo-input" />
      <Popup visible={!!source} onMaskClick={busy ? undefined : close} bodyClassName="sf-photo-crop" destroyOnClose>
        <h2 className="sf-photo-crop__title">{t('profile.cropTitle')}</h2>
        <div className="sf-photo-crop__area" data-testid="profile-crop">
          {source ? (
            <Cropper image={source} crop={crop} zoom={zoom} aspect={1} cropShape="round" showGrid={false} onCropChange={setCrop} onZoomChange={setZoom} onCropComplete={(_, pixels) => setArea(pixels)} />
          ) : null}
        </div>
        <div className="sf-photo-crop__zoom">
          <span>{t('profile.zoom')}</span>
          <Slider min={1} max={3} step={0.05} value={zoom} onChange={(v) => setZoom(Array.isArray(v) ? v[0] ?? 1 : v)} />
        </div>
        <div className="sf-photo-crop__buttons">
          <Button block size="large" onClick={close} disabled={busy}>{t('common.cancel')}</Button>
          <Button block size="large" color="primary" loading={busy} disabled={!area} onClick={() => void save()} data-testid="profile-photo-save">
            {t('profile.usePhoto')}
          </Button>
        </div>
      </Popup>
    </div>
  );
}
