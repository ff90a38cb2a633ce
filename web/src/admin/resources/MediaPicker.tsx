// Choose media from the library (one or several, optionally of one kind), or upload new files right there.
import { UploadOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Modal, Pagination, Upload } from 'antd';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/toast';
import { useList } from './data';
import type { Item, ListPage, ListParams } from './schema';
import type { MediaKind } from './fieldKinds';
import { MediaThumb } from './MediaThumb';
import { ACCEPTED_MEDIA, useMediaUpload } from './upload';

export type { MediaKind };

const ACCEPT: Record<MediaKind, string> = {
  image: 'image/png,image/jpeg,image/webp,image/gif',
  video: 'video/mp4,video/quicktime',
  pdf: 'application/pdf',
};

export function MediaPickerModal({
  open,
  kind,
  multiple = false,
  exclude = [],
  onCancel,
  onPick,
}: {
  open: boolean;
  kind?: MediaKind;
  multiple?: boolean;
  exclude?: string[];
  onCancel: () => void;
  onPick: (items: Item[]) => void;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useState<ListParams>({ page: 1, pageSize: 18, sort: '-createdAt', filters: kind ? { kind } : undefined });
  const list = useList('medias', params, open);
  const [chosen, setChosen] = useState<Item[]>([]);
  const { uploading, customRequest } = useMediaUpload((item, name) => {
    if (kind && item.kind !== kind) {
      notify.error(t('mediaPicker.wrongKind', { name }));
    } else {
      notify.success(t('media.uploaded', { name }));
      setChosen((c) => (multiple ? [...c.filter((x) => x.id !== item.id), item] : [item]));
    }
  });
  const toggle = (m: Item) =>
    setChosen((c) => (c.some((x) => x.id === m.id) ? c.filter((x) => x.id !== m.id) : multiple ? [...c, m] : [m]));
  const close = () => {
    setChosen([]);
    onCancel();
  };
  return (
    <Modal
      open={open}
      title={t(kind ? `mediaPicker.title.${kind}` : 'mediaPicker.title.any')}
      width={900}
      onCancel={close}
      okText={multiple ? t('mediaPicker.chooseCount', { count: chosen.length }) : t('mediaPicker.choose')}
      okButtonProps={{ disabled: !chosen.length }}
      cancelText={t('common.cancel')}
      onOk={() => {
        onPick(chosen);
        setChosen([]);
      }}
      destroyOnHidden
      className="sf-mpick"
    >
      <div className="sf-mpick__bar">
        <Input.Search allowClear placeholder={t('media.search')} aria-label={t('media.search')} className="sf-mpick__search" onSearch={(q) => setParams((p) => ({ ...p, q: q || undefined, page: 1 }))} />
        <Upload
          accept={kind ? ACCEPT[kind] : ACCEPTED_MEDIA}
          multiple={multiple}
          showUploadList={false}
          customRequest={customRequest}
        >
          <Button icon={<UploadOutlined />} loading={uploading > 0}>{t('mediaPicker.upload')}</Button>
        </Upload>
      </div>
      <MediaGrid
        list={list}
        params={params}
        setParams={setParams}
        multiple={multiple}
        label={t(kind ? `mediaPicker.title.${kind}` : 'mediaPicker.title.any')}
        usedLabel={t('mediaPicker.alreadyIn')}
        exclude={exclude}
        chosen={chosen}
        onToggle={toggle}
      />
    </Modal>
  );
}

/** The pickable tiles of one page of the media library (those in `exclude` disabled), or an empty state, and the pager. */
export function MediaGrid({
  list,
  params,
  setParams,
  multiple,
  label,
  usedLabel,
  exclude,
  chosen,
  onToggle,
}: {
  list: { data?: ListPage; isLoading: boolean };
  params: ListParams;
  setParams: Dispatch<SetStateAction<ListParams>>;
  multiple: boolean;
  label: string;
  usedLabel: string;
  exclude: string[];
  chosen: Item[];
  onToggle: (m: Item) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {list.data?.items.length ? (
        <div className="sf-picker__grid" role="listbox" aria-multiselectable={multiple} aria-label={label}>
          {list.data.items.map((m) => {
            const used = exclude.includes(m.id);
            const selected = chosen.some((x) => x.id === m.id);
            return (
              <button
                type="button"
                key={m.id}
                role="option"
                aria-selected={selected}
                disabled={used}
                className={`sf-picker__tile${selected ? ' is-selected' : ''}`}
                title={String(m.originalName ?? '')}
                data-media={String(m.originalName ?? '')}
                onClick={() => onToggle(m)}
              >
                <MediaThumb item={m} size={128} />
                <span className="sf-picker__name">{used ? usedLabel : String(m.originalName ?? '')}</span>
              </button>
            );
          })}
        </div>
      ) : (
        <Empty description={list.isLoading ? t('common.loading') : t('media.empty')} />
      )}
      <Pagination
        className="sf-media__pagination"
        size="small"
        current={params.page}
        pageSize={params.pageSize}
        total={list.data?.total ?? 0}
        hideOnSinglePage
        onChange={(page) => setParams((p) => ({ ...p, page }))}
      />
    </>
  );
}
