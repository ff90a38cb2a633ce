// The media library: drag-and-drop upload, a grid of thumbnails through /_image, search, type filter,
// edit the name / alternative text, delete. The list and edits are the `medias` resource.
import { DeleteOutlined, EditOutlined, InboxOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Input, Pagination, Popconfirm, Select, Skeleton, Tag, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useDelete, useList, useResourceSchema } from '../resources/data';
import { formatBytes, useLocale } from '../resources/format';
import { LoadErrorAlert } from '../resources/LoadErrorAlert';
import { MediaThumb } from '../resources/MediaThumb';
import { ResourceForm } from '../resources/ResourceForm';
import { labelOf, type Item, type ListParams } from '../resources/schema';
import { ACCEPTED_MEDIA, useMediaUpload } from '../resources/upload';

export function MediaLibrary() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const { resource } = useResourceSchema('medias');
  const [params, setParams] = useState<ListParams>({ page: 1, pageSize: 24 });
  const list = useList('medias', params, !!resource);
  const del = useDelete('medias');
  const [editing, setEditing] = useState<Item | undefined>();
  const { uploading, customRequest } = useMediaUpload((_item, name) => notify.success(t('media.uploaded', { name })));
  const kind = resource?.fields.find((f) => f.name === 'kind');

  return (
    <div className="sf-media">
      <Upload.Dragger
        className="sf-media__upload"
        accept={ACCEPTED_MEDIA}
        multiple
        showUploadList={false}
        customRequest={customRequest}
      >
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p className="ant-upload-text">{uploading ? t('media.uploading', { count: uploading }) : t('media.drop')}</p>
        <p className="ant-upload-hint">{t('media.hint')}</p>
      </Upload.Dragger>

      <div className="sf-res__toolbar">
        <Input.Search
          className="sf-res__search"
          allowClear
          placeholder={t('media.search')}
          aria-label={t('media.search')}
          onSearch={(q) => setParams((p) => ({ ...p, q: q || undefined, page: 1 }))}
        />
        {kind ? (
          <Select
            allowClear
            className="sf-res__filter"
            placeholder={labelOf(kind.label, locale)}
            aria-label={t('resource.filterBy', { field: labelOf(kind.label, locale) })}
            style={{ minWidth: 140 }}
            options={kind.options?.map((o) => ({ value: o.value, label: labelOf(o.label, locale) }))}
            onChange={(v: string | undefined) => setParams((p) => ({ ...p, page: 1, filters: { kind: v } }))}
          />
        ) : null}
        <Select
          className="sf-res__filter"
          aria-label={t('media.sort')}
          value={params.sort ?? '-createdAt'}
          style={{ minWidth: 170 }}
          onChange={(v: string) => setParams((p) => ({ ...p, sort: v, page: 1 }))}
          options={[
            { value: '-createdAt', label: t('media.newest') },
            { value: 'createdAt', label: t('media.oldest') },
            { value: 'originalName', label: t('media.byName') },
            { value: '-bytes', label: t('media.largest') },
          ]}
        />
      </div>

      {list.isError ? <LoadErrorAlert /> : null}
      {list.isLoading ? (
        <div className="sf-media__grid">{Array.from({ length: 8 }, (_, i) => <Skeleton.Image key={i} active className="sf-media__skeleton" />)}</div>
      ) : list.data?.items.length ? (
        <div className="sf-media__grid" role="list" aria-label={t('admin.menu.medias')}>
          {list.data.items.map((item) => (
            <Card
              key={item.id}
              role="listitem"
              className="sf-media__card"
              data-media={String(item.originalName ?? '')}
              cover={<div className="sf-media__cover"><MediaThumb item={item} /></div>}
              size="small"
              actions={[
                <Tooltip key="edit" title={t('resource.edit')}>
                  <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('resource.editItem', { title: String(item.originalName) })} onClick={() => setEditing(item)} />
                </Tooltip>,
                <Popconfirm
                  key="delete"
                  title={t('resource.deleteConfirmTitle')}
                  description={t('resource.deleteConfirmBody', { title: String(item.originalName) })}
                  okText={t('resource.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common.cancel')}
                  onConfirm={async () => {
                    try {
                      await del.mutateAsync(item.id);
                      notify.success(t('resource.deleted', { title: String(item.originalName) }));
                    } catch (e) {
                      void message.error(e instanceof ApiError && e.status === 409 ? t('media.inUse') : t('resource.deleteFailed'));
                    }
                  }}
                >
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('resource.deleteItem', { title: String(item.originalName) })} />
                </Popconfirm>,
              ]}
            >
              <div className="sf-media__name" title={String(item.originalName ?? '')}>{String(item.originalName || '—')}</div>
              <div className="sf-media__meta">
                <Tag className="sf-res__tag">{String(item.ext ?? '').toUpperCase()}</Tag>
                <span>{formatBytes(Number(item.bytes ?? 0), locale)}</span>
                {item.width && item.height ? <span>{`${item.width}×${item.height}`}</span> : null}
              </div>
            </Card>
          ))}
        </div>
      ) : (
        <Empty description={params.q ? t('resource.noMatches') : t('media.empty')} className="sf-media__empty" />
      )}
      <Pagination
        className="sf-media__pagination"
        current={params.page}
        pageSize={params.pageSize}
        total={list.data?.total ?? 0}
        hideOnSinglePage
        showSizeChanger={false}
        showTotal={(total, range) => t('resource.total', { from: range[0], to: range[1], total })}
        onChange={(page) => setParams((p) => ({ ...p, page }))}
      />
      {resource ? <ResourceForm resource={resource} mode="edit" item={editing} open={!!editing} onClose={() => setEditing(undefined)} /> : null}
    </div>
  );
}
