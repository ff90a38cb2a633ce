// Media inputs of forms: one media (a reference to `medias`) or an ordered list of media ids (json).
import { ArrowLeftOutlined, ArrowRightOutlined, CloseOutlined, PictureOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Skeleton, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaThumb } from './MediaThumb';
import { MediaPickerModal } from './MediaPicker';
import { mediaIds, type MediaKind } from './fieldKinds';
import { moveIds } from './order';
import { SortableList } from './Sortable';
import { useItem } from './data';

function MediaTile({ id, size = 96 }: { id: string; size?: number }) {
  const media = useItem('medias', id);
  const { t } = useTranslation();
  if (media.isError) return <span className="sf-mfield__missing">{t('mediaPicker.missing')}</span>;
  if (!media.data) return <Skeleton.Image active style={{ width: size, height: size }} />;
  return (
    <span className="sf-mfield__tile" title={String(media.data.originalName ?? '')}>
      <MediaThumb item={media.data} size={size} />
      <span className="sf-mfield__name">{String(media.data.originalName ?? '')}</span>
    </span>
  );
}

export function MediaInput({
  value,
  onChange,
  kind,
  disabled,
  id,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  kind?: MediaKind;
  disabled?: boolean;
  id?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="sf-mfield" id={id}>
      {value ? <MediaTile id={value} /> : (
        <button type="button" className="sf-mfield__empty" disabled={disabled} onClick={() => setOpen(true)}>
          <PictureOutlined />
          <span>{t(kind ? `mediaPicker.choose_${kind}` : 'mediaPicker.chooseAny')}</span>
        </button>
      )}
      {value && !disabled ? (
        <Space direction="vertical" size={4}>
          <Button size="small" icon={<SwapOutlined />} onClick={() => setOpen(true)}>{t('mediaPicker.change')}</Button>
          <Button size="small" danger icon={<CloseOutlined />} onClick={() => onChange?.(null)}>{t('mediaPicker.remove')}</Button>
        </Space>
      ) : null}
      <MediaPickerModal open={open} kind={kind} onCancel={() => setOpen(false)} onPick={(items) => {
        setOpen(false);
        if (items[0]) onChange?.(items[0].id);
      }} />
    </div>
  );
}


export function MediaListInput({
  value,
  onChange,
  kind = 'image',
  disabled,
  id,
  max = 30,
}: {
  value?: unknown;
  onChange?: (v: string[]) => void;
  kind?: MediaKind;
  disabled?: boolean;
  id?: string;
  max?: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ids = mediaIds(value);
  const move = (from: string, to: string | undefined) => {
    if (to) onChange?.(moveIds(ids, from, to));
  };
  return (
    <div className="sf-mlist" id={id}>
      <SortableList
        items={ids.map((m) => ({ id: m }))}
        disabled={disabled}
        layout="grid"
        className="sf-mlist__items"
        rowClassName="sf-mlist__item"
        label={t('mediaPicker.order')}
        onMove={move}
        render={({ id: m }, i, handle) => (
          <>
            <MediaTile id={m} size={88} />
            {!disabled ? (
              <Space size={0} className="sf-mlist__actions">
                {handle}
                <Tooltip title={t('mediaPicker.moveLeft')}><Button type="text" size="small" icon={<ArrowLeftOutlined />} disabled={i === 0} aria-label={t('mediaPicker.moveLeft')} onClick={() => move(m, ids[i - 1])} /></Tooltip>
                <Tooltip title={t('mediaPicker.moveRight')}><Button type="text" size="small" icon={<ArrowRightOutlined />} disabled={i === ids.length - 1} aria-label={t('mediaPicker.moveRight')} onClick={() => move(m, ids[i + 1])} /></Tooltip>
                <Tooltip title={t('mediaPicker.remove')}><Button type="text" size="small" danger icon={<CloseOutlined />} aria-label={t('mediaPicker.remove')} onClick={() => onChange?.(ids.filter((x) => x !== m))} /></Tooltip>
              </Space>
            ) : null}
          </>
        )}
        after={
          !disabled && ids.length < max ? (
            <li>
              <button type="button" className="sf-mfield__empty" onClick={() => setOpen(true)}>
                <PlusOutlined />
                <span>{t('mediaPicker.addImages')}</span>
              </button>
            </li>
          ) : null
        }
      />
      <MediaPickerModal open={open} kind={kind} multiple exclude={ids} onCancel={() => setOpen(false)} onPick={(items) => {
        setOpen(false);
        onChange?.([...ids, ...items.map((x) => x.id)].slice(0, max));
      }} />
    </div>
  );
}
