// The owner's photo on their profile: tap it (or "Change photo") → pick a picture → crop a square in a sheet
// (PhotoCropSheet: its own chunk, fetched when the picker opens, so the cropper is not in the app's entry)
// → "Remove photo" sends PATCH /api/me {photoId: null}.
import { Button } from 'antd-mobile';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserPicture } from '../../components/Initials';
import { useUpdateMe } from '../../lib/me';
import { notifyEditFailed } from './failure';
import { notify } from '../../lib/toast';

const loadCropSheet = () => import('./PhotoCropSheet');
const PhotoCropSheet = lazy(loadCropSheet);

export function PhotoEditor({ name, image }: { name: string; image: string | null | undefined }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null); // kept after closing, so the sheet slides away
  const [open, setOpen] = useState(false);
  const updateMe = useUpdateMe();

  const choose = () => {
    void loadCropSheet(); // while the person picks a picture
    input.current?.click();
  };
  const close = () => {
    setOpen(false);
    if (input.current) input.current.value = '';
  };
  const pick = (f: File | undefined) => {
    if (!f) return;
    if (!f.type.startsWith('image/')) {
      notify.error(t('profile.photoNotImage'));
      return;
    }
    setFile(f);
    setOpen(true);
  };
  const remove = async () => {
    try {
      await updateMe.mutateAsync({ photoId: null });
      notify.success(t('profile.photoRemoved'));
    } catch (e) {
      notifyEditFailed(t, e, 'profile.photoFailed');
    }
  };

  return (
    <div className="sf-photo-editor">
      <button type="button" className="sf-photo-editor__picture" onClick={choose} aria-label={t('profile.changePhoto')} data-testid="profile-photo">
        <UserPicture name={name} image={image} size={88} />
      </button>
      <div className="sf-photo-editor__actions">
        <Button size="small" fill="outline" onClick={choose} data-testid="profile-change-photo">
          {t('profile.changePhoto')}
        </Button>
        {image ? (
          <Button size="small" fill="none" onClick={() => void remove()} data-testid="profile-remove-photo">
            {t('profile.removePhoto')}
          </Button>
        ) : null}
      </div>
      <input ref={input} type="file" accept="image/*" hidden onChange={(e) => pick(e.target.files?.[0])} data-testid="profile-photo-input" />
      {file ? (
        <Suspense fallback={null}>
          <PhotoCropSheet file={file} visible={open} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
