// A gallery's own screen: details, publish / unpublish, and its photos (the `gallery-items` resource):
// add from the media library, order, captions, cover, remove.
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PictureOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Modal, Popconfirm, Skeleton, Space, Tag, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { AdminPageHeader, MissingItemPage } from '../resources/AreaPage';
import { MediaThumb } from '../resources/MediaThumb';
import { MediaGrid } from '../resources/MediaPicker';
import { createItem, deleteItem, updateItem, useInvalidateResource, useItem, useList, useResourceSchema } from '../resources/data';
import { formatDateTime, useLocale } from '../resources/format';
import { ResourceForm } from '../resources/ResourceForm';
import { ResourceView } from '../resources/ResourceView';
import type { Item, ListParams } from '../resources/schema';
import type { AdminPage } from '../resources/pages';
import { DetailSummary } from '../resources/DetailSummary';

export function GalleriesView() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <ResourceView
      resource="galleries"
      onOpen={(item) => navigate(`/admin/galleries/${item.id}`)}
      rowActions={(item) => [{ key: 'photos', label: t('galleries.manage'), icon: <PictureOutlined />, run: () => navigate(`/admin/galleries/${item.id}`) }]}
    />
  );
}

/** New positions after moving `from` to `to`: 10, 20, 30… so later inserts fit between. */
export function reorder<T extends { id: string; position?: unknown }>(items: T[], from: number, to: number): { id: string; position: number }[] {
  const next = [...items];
  const moved = next.splice(from, 1);
  next.splice(to, 0, ...moved);
  return next.map((it) => ({ id: it.id, position: Number(it.position), next: 0 })).map((x, i) => ({ ...x, next: (i + 1) * 10 }))
    .filter((x) => x.position !== x.next)
    .map((x) => ({ id: x.id, position: x.next }));
}

export function GalleryEditor({ page }: { page: AdminPage }) {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const locale = useLocale();
  const qc = useQueryClient();
  const invalidate = useInvalidateResource();
  const galleries = useResourceSchema('galleries');
  const itemsSchema = useResourceSchema('gallery-items');
  const gallery = useItem('galleries', id);
  const items = useList('gallery-items', { filters: { gallery: id }, sort: 'position', pageSize: 100 }, !!id);
  const [editing, setEditing] = useState(false);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);

  const refresh = () => {
    void invalidate('gallery-items');
    void invalidate('galleries');
    void qc.invalidateQueries({ queryKey: ['admin', 'res', 'galleries', 'item', id] });
  };

  const g = gallery.data;
  const rows = items.data?.items ?? [];
  const published = g?.status === 'published';

  // Publish / unpublish / cover are one-field intents: they apply to the gallery as it is now.
  const saveGallery = async (body: Record<string, unknown>, done: string) => {
    if (!g) return;
    setBusy(true);
    try {
      const fresh = await api<Item>(`/api/admin/galleries/${encodeURIComponent(g.id)}`);
      await updateItem('galleries', g.id, { ...body, version: fresh.version });
      notify.success(done);
      refresh();
    } catch (e) {
      notify.error(e instanceof ApiError && e.status === 409 ? t('resource.staleTitle') : t('resource.saveFailed'));
      refresh();
    } finally {
      setBusy(false);
    }
  };

  const move = async (from: number, to: number) => {
    if (to < 0 || to >= rows.length) return;
    setBusy(true);
    try {
      for (const change of reorder(rows, from, to)) {
        const it = rows.find((r) => r.id === change.id)!;
        await updateItem('gallery-items', it.id, { position: change.position, version: it.version });
      }
    } catch {
      notify.error(t('resource.saveFailed'));
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const saveCaption = async (it: Item, caption: string) => {
    if ((it.caption ?? '') === caption) return;
    try {
      await updateItem('gallery-items', it.id, { caption: caption || null, version: it.version });
      notify.success(t('galleries.captionSaved'));
    } catch (e) {
      notify.error(e instanceof ApiError ? e.message : t('resource.saveFailed'));
    } finally {
      refresh();
    }
  };

  const add = async (medias: Item[]) => {
    let position = rows.reduce((m, r) => Math.max(m, Number(r.position ?? 0)), 0);
    setBusy(true);
    try {
      for (const m of medias) {
        position += 10;
        await createItem('gallery-items', { gallery: id, media: m.id, position });
      }
      notify.success(t('galleries.added', { count: medias.length }));
      if (g && medias[0]) {
        const fresh = await api<Item>(`/api/admin/galleries/${encodeURIComponent(g.id)}`);
        if (!fresh.cover) await updateItem('galleries', g.id, { cover: medias[0].id, version: fresh.version });
      }
    } catch (e) {
      notify.error(e instanceof ApiError ? e.message : t('resource.saveFailed'));
    } finally {
      setBusy(false);
      setPicking(false);
      refresh();
    }
  };

  if (gallery.isError) return <MissingItemPage page={page} title={t('admin.menu.galleries')} backTo="/admin/galleries" backText={t('galleries.back')} />;

  return (
    <div className="sf-admin-page sf-gallery-editor">
      <AdminPageHeader page={page} title={g ? String(g.title) : t('admin.menu.galleries')} subtitle={g?.description ? String(g.description) : undefined} />
      <DetailSummary
        block="sf-gallery-editor"
        resource={galleries.resource}
        item={g}
        backTo="/admin/galleries"
        backText={t('galleries.back')}
        thumb={null}
        facts={
          <>
            <span className="sf-res__muted">{t('galleries.photoCount', { count: rows.length })}</span>
            <span className="sf-res__muted">{t('galleries.updated', { time: formatDateTime(g?.updatedAt, locale) })}</span>
          </>
        }
        actions={
          <>
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>{t('galleries.editDetails')}</Button>
            <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>{t('galleries.addPhotos')}</Button>
            {published ? (
              <Button loading={busy} onClick={() => void saveGallery({ status: 'draft' }, t('galleries.unpublished'))}>{t('galleries.unpublish')}</Button>
            ) : (
              <Button type="primary" loading={busy} disabled={!rows.length} onClick={() => void saveGallery({ status: 'published' }, t('galleries.published'))}>
                {t('galleries.publish')}
              </Button>
            )}
          </>
        }
      />

      {items.isLoading ? (
        <Skeleton active />
      ) : rows.length ? (
        <ol className="sf-gallery-editor__items" aria-label={t('galleries.photos')}>
          {rows.map((it, i) => (
            <GalleryItemCard
              key={`${it.id}:${it.version}`}
              item={it}
              index={i}
              last={i === rows.length - 1}
              isCover={g?.cover === it.media}
              busy={busy}
              onMove={(to) => void move(i, to)}
              onCaption={(c) => void saveCaption(it, c)}
              onCover={() => void saveGallery({ cover: it.media }, t('galleries.coverSet'))}
              onRemove={async () => {
                try {
                  await deleteItem('gallery-items', it.id);
                  notify.success(t('galleries.removed'));
                } catch {
                  notify.error(t('resource.deleteFailed'));
                } finally {
                  refresh();
                }
              }}
            />
          ))}
        </ol>
      ) : (
        <Card className="sf-admin-card">
          <Empty description={t('galleries.noPhotos')}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>{t('galleries.addPhotos')}</Button>
          </Empty>
        </Card>
      )}

      {galleries.resource && g ? (
        <ResourceForm resource={galleries.resource} mode="edit" item={g} open={editing} onClose={() => setEditing(false)} onSaved={refresh} />
      ) : null}
      {itemsSchema.resource ? (
        <MediaPicker open={picking} busy={busy} exclude={rows.map((r) => String(r.media))} onCancel={() => setPicking(false)} onPick={(m) => void add(m)} />
      ) : null}
    </div>
  );
}

function GalleryItemCard({
  item,
  index,
  last,
  isCover,
  busy,
  onMove,
  onCaption,
  onCover,
  onRemove,
}: {
  item: Item;
  index: number;
  last: boolean;
  isCover: boolean;
  busy: boolean;
  onMove: (to: number) => void;
  onCaption: (caption: string) => void;
  onCover: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const media = useItem('medias', String(item.media));
  const [caption, setCaption] = useState(String(item.caption ?? ''));
  const sent = useRef(String(item.caption ?? ''));
  const commit = () => {
    const next = caption.trim();
    if (next === sent.current) return;
    sent.current = next;
    onCaption(next);
  };
  return (
    <li className="sf-gallery-editor__item" data-item={item.id}>
      <div className="sf-gallery-editor__thumb">
        {media.data ? <MediaThumb item={media.data} size={160} /> : <Skeleton.Image active />}
        <span className="sf-gallery-editor__index">{index + 1}</span>
        {isCover ? <Tag color="gold" className="sf-gallery-editor__cover-tag"><StarOutlined /> {t('galleries.cover')}</Tag> : null}
      </div>
      <div className="sf-gallery-editor__fields">
        <Input
          value={caption}
          maxLength={500}
          placeholder={t('galleries.captionPlaceholder')}
          aria-label={t('galleries.captionOf', { n: index + 1 })}
          onChange={(e) => setCaption(e.target.value)}
          onBlur={commit}
          onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
        />
        <span className="sf-res__muted sf-gallery-editor__file">{String(media.data?.originalName ?? '')}</span>
      </div>
      <Space size={0} className="sf-gallery-editor__item-actions">
        <Tooltip title={t('galleries.moveUp')}>
          <Button type="text" icon={<ArrowUpOutlined />} disabled={busy || index === 0} aria-label={t('galleries.moveUp')} onClick={() => onMove(index - 1)} />
        </Tooltip>
        <Tooltip title={t('galleries.moveDown')}>
          <Button type="text" icon={<ArrowDownOutlined />} disabled={busy || last} aria-label={t('galleries.moveDown')} onClick={() => onMove(index + 1)} />
        </Tooltip>
        <Tooltip title={t('galleries.makeCover')}>
          <Button type="text" icon={<StarOutlined />} disabled={busy || isCover} aria-label={t('galleries.makeCover')} onClick={onCover} />
        </Tooltip>
        <Popconfirm title={t('galleries.removeConfirm')} okText={t('galleries.remove')} okButtonProps={{ danger: true }} cancelText={t('common.cancel')} onConfirm={onRemove}>
          <Tooltip title={t('galleries.remove')}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('galleries.remove')} />
          </Tooltip>
        </Popconfirm>
      </Space>
    </li>
  );
}

/** Choose images of the library (several at once). */
function MediaPicker({ open, busy, exclude, onCancel, onPick }: { open: boolean; busy: boolean; exclude: string[]; onCancel: () => void; onPick: (items: Item[]) => void }) {
  const { t } = useTranslation();
  const [params, setParams] = useState<ListParams>({ page: 1, pageSize: 18, filters: { kind: 'image' } });
  const list = useList('medias', params, open);
  const [chosen, setChosen] = useState<Item[]>([]);
  const toggle = (m: Item) => setChosen((c) => (c.some((x) => x.id === m.id) ? c.filter((x) => x.id !== m.id) : [...c, m]));
  return (
    <Modal
      open={open}
      title={t('galleries.pickTitle')}
      width={880}
      onCancel={() => {
        setChosen([]);
        onCancel();
      }}
      okText={t('galleries.addCount', { count: chosen.length })}
      okButtonProps={{ disabled: !chosen.length, loading: busy }}
      cancelText={t('common.cancel')}
      onOk={() => {
        onPick(chosen);
        setChosen([]);
      }}
      destroyOnHidden
    >
      <Input.Search allowClear placeholder={t('media.search')} aria-label={t('media.search')} className="sf-picker__search" onSearch={(q) => setParams((p) => ({ ...p, q: q || undefined, page: 1 }))} />
      <MediaGrid
        list={list}
        params={params}
        setParams={setParams}
        multiple
        label={t('galleries.pickTitle')}
        usedLabel={t('galleries.alreadyIn')}
        exclude={exclude}
        chosen={chosen}
        onToggle={toggle}
      />
    </Modal>
  );
}
