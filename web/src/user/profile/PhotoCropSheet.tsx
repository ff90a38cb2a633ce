// The crop sheet of PhotoEditor, its own chunk: react-easy-crop (drag, pinch or the slider to zoom) → drawn at
// 512 x 512 in the browser → POST /api/media/photos (checked by content on the server) → PATCH /api/me {photoId}.
import { Button, Popup, Slider } from 'antd-mobile';
import { useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { useUpdateMe } from '../../lib/me';
import { notifyEditFailed } from './failure';
import { cropSquare, uploadPrepared } from '../../lib/photos';
import { notify } from '../../lib/toast';

export default function PhotoCropSheet({ file, visible, onClose }: { file: File; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const updateMe = useUpdateMe();

  useEffect(() => {
    const url = URL.createObjectURL(file);
    setSource(url);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const save = async () => {
    if (!area) return;
    setBusy(true);
    try {
      const photo = await uploadPrepared(await cropSquare(file, area));
      await updateMe.mutateAsync({ photoId: photo.id });
      notify.success(t('profile.photoSaved'));
      onClose();
    } catch (e) {
      notifyEditFailed(t, e, 'profile.photoFailed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup visible={visible && !!source} onMaskClick={busy ? undefined : onClose} bodyClassName="sf-photo-crop" destroyOnClose>
      <h2 className="sf-photo-crop__title">{t('profile.cropTitle')}</h2>
      <div className="sf-photo-crop__area" data-testid="profile-crop">
        {source ? (
          <Cropper image={source} crop={crop} zoom={zoom} aspect={1} cropShape="round" showGrid={false} onCropChange={setCrop} onZoomChange={setZoom} onCropComplete={(_, pixels) => setArea(pixels)} />
        ) : null}
      </div>
      <div className="sf-photo-crop__zoom">
        <span>{t('profile.zoom')}</span>
        <Slider min={1} max={3} step={0.05} value={zoom} onChange={(v) => setZoom(Array.isArray(v) ? (v[0] ?? 1) : v)} />
      </div>
      <div className="sf-photo-crop__buttons">
        <Button block size="large" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button block size="large" color="primary" loading={busy} disabled={!area} onClick={() => void save()} data-testid="profile-photo-save">
          {t('profile.usePhoto')}
        </Button>
      </div>
    </Popup>
  );
}
