// The generic list of a resource (search, filters, sortable columns, pagination, CSV export, create, edit,
// view, delete) drawn from the schema. An area passes only what is its own (columns, row actions, cells).
// The list fits its width (columnFit.ts): the columns that do not fit leave, least important first, and the
// row's actions beyond view and edit sit in a compact menu with their words (rowActions.tsx).
import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Drawer, Input, Select, Space, Table, Tooltip, Typography, type TableProps } from 'antd';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { exportUrl, useDelete, useItem, useList, useResourceSchema } from './data';
import { columnNeed, dateColumnWidth, plainText, ACTIONS_WIDTH } from './columnWidths';
import { fitColumns, type ColumnNeed } from './columnFit';
import { FieldValue } from './fields';
import { formatDateTime, useLocale } from './format';
import { ReferenceSelect } from './references';
import { ResourceForm, type ResourceFormProps } from './ResourceForm';
import { ActionsButton, presentActions, RowActionsMenu, type RowAction, type RowActions } from './rowActions';
import { isVisible } from './visibility';
import { LoadErrorAlert } from './LoadErrorAlert';
import { nextPage, paginationOf, PAGE_SIZES, tableLoading } from './paging';
import {
  filterFields,
  isSortable,
  itemTitle,
  labelOf,
  listFields,
  sortOrderFor,
  sortParam,
  type FieldSchema,
  type Item,
  type ListParams,
  type ResourceSchema,
} from './schema';

export interface ResourceViewProps {
  resource: string;
  /** Column names, when the schema's default pick is not right for the area. */
  columns?: string[];
  /** What else can be done to a row's item (its compact menu, and the drawer's actions button). */
  rowActions?: RowActions;
  /** Whether one item may still be edited (e.g. a sent broadcast may not); every item when absent. */
  editable?: (item: Item) => boolean;
  /** Extra buttons in the toolbar (e.g. import). */
  toolbarExtra?: ReactNode;
  /** Opens an item; the detail drawer by default. */
  onOpen?: (item: Item) => void;
  /** Cell renderers by field name. */
  cells?: Record<string, (value: unknown, item: Item) => ReactNode>;
  /** The width (px, padding included) a column with an area's own cell needs, by field name. */
  columnWidths?: Record<string, number>;
  /** The "Updated" column (default on). */
  updatedColumn?: boolean;
  /** Area rules for the create / edit forms (visible fields, own inputs). */
  formProps?: Pick<ResourceFormProps, 'visibleFields' | 'renderInput' | 'inputProps' | 'labels' | 'width' | 'defaults'>;
  /** A list inside a parent (e.g. a course's assignments): always filtered by these, set on create. */
  fixed?: Record<string, string>;
  /** Query-string prefix of the drawers, when two lists share a page. */
  drawerKey?: string;
  /** Hides the search / export toolbar parts that make no sense in a small embedded list. */
  compact?: boolean;
  /** What the area shows of an item above its fields, in the item's drawer (e.g. a person's record). */
  detailTop?: (item: Item) => ReactNode;
}


/** The query's parameters that may be a list's filters (not the drawer's view / edit / new). */
function linkedFilters(search: URLSearchParams): ListParams['filters'] {
  const out: Record<string, string> = {};
  for (const [k, v] of search) if (v && /^[a-z][A-Za-z]*$/.test(k) && !['view', 'edit', 'new'].includes(k)) out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

/** The width of an element, as it changes (before the first paint too, so nothing jumps). */
function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}

export function ResourceView({ resource: name, columns, rowActions, editable, toolbarExtra, onOpen, cells, columnWidths, updatedColumn = true, formProps, fixed, drawerKey = '', compact = false, detailTop }: ResourceViewProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { resource, isLoading: schemaLoading, isError: schemaError, refetch: refetchSchema } = useResourceSchema(name);
  const [search, setSearch] = useSearchParams();
  // A link may open the top list filtered by one of its filters (`/admin/users?store=<id>`, a report's row).
  const [params, setParams] = useState<ListParams>(() => ({ page: 1, pageSize: compact ? 10 : 20, filters: drawerKey || fixed ? undefined : linkedFilters(search) }));
  const [searchText, setSearchText] = useState('');
  const listParams = useMemo(() => {
    // Only the resource's own filters (a linked query may carry others: the engine refuses them).
    const own = resource ? new Set(filterFields(resource).map((f) => f.name)) : undefined;
    const filters = own && params.filters ? Object.fromEntries(Object.entries(params.filters).filter(([k]) => own.has(k))) : params.filters;
    return fixed ? { ...params, filters: { ...filters, ...fixed } } : { ...params, filters };
  }, [params, fixed, resource]);
  const list = useList(name, listParams, !!resource);
  const del = useDelete(name);
  const { modal } = App.useApp();
  const [box, boxWidth] = useWidth<HTMLDivElement>();

  const viewId = search.get(`${drawerKey}view`) ?? undefined;
  const editId = search.get(`${drawerKey}edit`) ?? undefined;
  const creating = search.get(`${drawerKey}new`) === '1';
  const setDrawer = (key: 'view' | 'edit' | 'new' | null, value?: string) => {
    const next = new URLSearchParams(search);
    next.delete(`${drawerKey}view`);
    next.delete(`${drawerKey}edit`);
    next.delete(`${drawerKey}new`);
    if (key) next.set(`${drawerKey}${key}`, value ?? '1');
    setSearch(next, { replace: false });
  };
  const editItem = useItem(name, editId, !!resource);

  const open = onOpen ?? ((item: Item) => setDrawer('view', item.id));

  const onDelete = async (item: Item) => {
    try {
      await del.mutateAsync(item.id);
      notify.success(t('resource.deleted', { title: itemTitle(resource!, item) }));
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        modal.error({ title: t('resource.deleteBlockedTitle'), content: e.message || t('resource.deleteBlocked') });
      } else {
        notify.error(e instanceof ApiError ? e.message : t('resource.deleteFailed'));
      }
    }
  };

  /** Every action of a row but view and edit: the area's, then delete (asked first). */
  const actionsOf = (item: Item): RowAction[] => {
    if (!resource) return [];
    const title = itemTitle(resource, item);
    return presentActions([
      ...(rowActions?.(item, resource) ?? []),
      resource.canDelete && {
        key: 'delete',
        label: t('resource.delete'),
        icon: <DeleteOutlined />,
        danger: true,
        testId: 'row-delete',
        confirm: { title: t('resource.deleteConfirmTitle'), body: t('resource.deleteConfirmBody', { title }), okText: t('resource.delete') },
        run: () => onDelete(item),
      },
    ]);
  };

  const { tableColumns, hiddenLabels } = useMemo(() => {
    if (!resource) return { tableColumns: [] as NonNullable<TableProps<Item>['columns']>, hiddenLabels: [] as string[] };
    const fields = listFields(resource, columns).filter((f) => !(fixed && f.name in fixed));
    const updated = { name: 'updatedAt', label: t('resource.updatedAt') };
    // What each column needs; the title takes the rest. Declared order is importance (the last leave first);
    // the updated column leaves before any.
    const needs: ColumnNeed[] = [
      ...fields.map((f) => ({
        ...columnNeed(f, labelOf(f.label, locale), isSortable(resource, f.name), locale, t),
        ...(columnWidths?.[f.name] ? { width: columnWidths[f.name]! } : {}),
        flex: f.name === resource.titleField,
      })),
      ...(updatedColumn ? [{ key: updated.name, width: dateColumnWidth(updated.label, true, locale, t), drop: 1000 }] : []),
    ];
    // No title among the columns: the widest text column takes the rest instead.
    if (!needs.some((n) => n.flex)) {
      const loose = fields.find((f) => f.type === 'string' || f.type === 'text' || f.type === 'reference');
      const n = needs.find((x) => x.key === (loose ?? fields[0])?.name);
      if (n) n.flex = true;
    }
    const available = (boxWidth || 1000) - ACTIONS_WIDTH;
    const fit = fitColumns(needs, available);
    const shown = new Set(fit.shown);
    const widthOf = new Map(needs.map((n) => [n.key, n.flex ? undefined : n.width]));
    const cols: NonNullable<TableProps<Item>['columns']> = fields
      .filter((f) => shown.has(f.name))
      .map((f) => ({
        key: f.name,
        dataIndex: f.name,
        title: labelOf(f.label, locale),
        width: widthOf.get(f.name),
        sorter: isSortable(resource, f.name),
        sortOrder: sortOrderFor(params.sort, f.name),
        ellipsis: { showTitle: false },
        render: (value: unknown, item: Item) => {
          const custom = cells?.[f.name];
          const body = custom ? custom(value, item) : <FieldValue field={f} value={value} compact />;
          // The whole text on hover, for what the column's width cuts.
          const whole = custom ? undefined : plainText(f, value, locale);
          return f.name === resource.titleField ? (
            <Typography.Link className="sf-res__title" onClick={() => open(item)} title={whole}>{body}</Typography.Link>
          ) : (
            <span className="sf-res__cell" title={whole}>{body}</span>
          );
        },
      }));
    if (updatedColumn && shown.has(updated.name)) cols.push({
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: updated.label,
      sorter: true,
      sortOrder: sortOrderFor(params.sort, 'updatedAt'),
      width: widthOf.get(updated.name),
      render: (v: unknown) => <span className="sf-res__nowrap sf-res__muted">{formatDateTime(v, locale)}</span>,
    });
    cols.push({
      key: 'actions',
      title: <span className="sf-visually-hidden">{t('resource.actions')}</span>,
      width: ACTIONS_WIDTH,
      render: (_: unknown, item: Item) => (
        <Space size={0} className="sf-res__row-actions">
          <Tooltip title={t('resource.view')}>
            <Button type="text" size="small" icon={<EyeOutlined />} aria-label={t('resource.viewItem', { title: itemTitle(resource, item) })} onClick={() => open(item)} />
          </Tooltip>
          {resource.canUpdate && (editable?.(item) ?? true) ? (
            <Tooltip title={t('resource.edit')}>
              <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('resource.editItem', { title: itemTitle(resource, item) })} onClick={() => setDrawer('edit', item.id)} />
            </Tooltip>
          ) : null}
          <RowActionsMenu actions={actionsOf(item)} title={itemTitle(resource, item)} />
        </Space>
      ),
    });
    const labels = new Map(needs.map((n) => [n.key, n.key === updated.name ? updated.label : labelOf(fields.find((f) => f.name === n.key)?.label, locale)]));
    return { tableColumns: cols, hiddenLabels: fit.hidden.map((k) => labels.get(k) ?? k) };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, columns, locale, params.sort, cells, columnWidths, rowActions, editable, t, search, updatedColumn, boxWidth]);

  if (schemaLoading) return <Table loading columns={[]} dataSource={[]} />;
  if (schemaError || !resource)
    return (
      <Alert
        type="error"
        showIcon
        message={schemaError ? t('resource.schemaError') : t('resource.unknown', { name })}
        action={schemaError ? <Button size="small" onClick={() => void refetchSchema()}>{t('common.retry')}</Button> : undefined}
      />
    );

  const filters = filterFields(resource).filter((f) => !(fixed && f.name in fixed));
  const setFilter = (field: string, value: string | undefined) =>
    setParams((p) => ({ ...p, page: 1, filters: { ...p.filters, [field]: value } }));

  return (
    <div className="sf-res" data-resource={name} ref={box}>
      <div className="sf-res__toolbar">
        <Input.Search
          className="sf-res__search"
          placeholder={t('resource.searchPlaceholder', { name: labelOf(resource.label, locale) })}
          aria-label={t('resource.searchPlaceholder', { name: labelOf(resource.label, locale) })}
          allowClear
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            if (!e.target.value) setParams((p) => ({ ...p, q: undefined, page: 1 }));
          }}
          onSearch={(q) => setParams((p) => ({ ...p, q: q || undefined, page: 1 }))}
        />
        {filters.map((f) => (
          <FilterControl key={f.name} field={f} value={params.filters?.[f.name]} onChange={(v) => setFilter(f.name, v)} />
        ))}
        <div className="sf-res__toolbar-end">
          <Tooltip title={t('resource.refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={t('resource.refresh')} onClick={() => void list.refetch()} loading={list.isFetching && !list.isLoading} />
          </Tooltip>
          {!compact ? (
            <Button icon={<DownloadOutlined />} href={exportUrl(name, listParams)} download>
              {t('resource.export')}
            </Button>
          ) : null}
          {toolbarExtra}
          {resource.canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer('new')}>
              {t('resource.new', { name: labelOf(resource.label, locale) })}
            </Button>
          ) : null}
        </div>
      </div>
      {!resource.canWrite ? <Alert type="info" showIcon className="sf-res__readonly" message={t('resource.readOnly')} /> : null}
      {list.isError ? <LoadErrorAlert className="sf-res__readonly" onRetry={() => void list.refetch()} /> : null}
      <Table<Item>
        rowKey="id"
        className="sf-res__table"
        columns={tableColumns}
        dataSource={list.data?.items ?? []}
        loading={tableLoading(list)}
        tableLayout="fixed"
        locale={{ emptyText: params.q || Object.values(params.filters ?? {}).some(Boolean) ? t('resource.noMatches') : t('resource.empty') }}
        // Page, size, sort and filters live together in the list's parameters (not usePaging).
        pagination={paginationOf(t, { page: params.page, pageSize: params.pageSize, total: list.data?.total ?? 0, sizes: [10, ...PAGE_SIZES] })}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setParams((p) => ({
            ...p,
            ...nextPage(p, pagination.current, pagination.pageSize),
            sort: sortParam(s?.columnKey as string | undefined, s?.order),
          }));
        }}
      />
      {hiddenLabels.length ? (
        <Typography.Paragraph type="secondary" className="sf-res__hidden-columns" data-testid="hidden-columns">
          {t('resource.hiddenColumns', { names: hiddenLabels.join(', ') })}
        </Typography.Paragraph>
      ) : null}
      <ResourceDetail resource={resource} id={viewId} onClose={() => setDrawer(null)} onEdit={(id) => setDrawer('edit', id)} rowActions={rowActions} editable={editable} top={detailTop} />
      <ResourceForm {...formProps} resource={resource} mode="create" open={creating} fixed={fixed} onClose={() => setDrawer(null)} />
      <ResourceForm {...formProps} resource={resource} mode="edit" item={editItem.data} open={!!editId && !!editItem.data} fixed={fixed} onClose={() => setDrawer(null)} />
    </div>
  );
}

function FilterControl({ field, value, onChange }: { field: FieldSchema; value: string | undefined; onChange: (v: string | undefined) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const label = labelOf(field.label, locale);
  const common = { className: 'sf-res__filter', placeholder: label, 'aria-label': t('resource.filterBy', { field: label }), allowClear: true } as const;
  if (field.type === 'reference')
    return <ReferenceSelect {...common} resource={field.reference ?? ''} value={value ?? null} onChange={(v) => onChange(v ?? undefined)} style={{ minWidth: 180 }} />;
  if (field.type === 'enum')
    return <Select {...common} value={value} onChange={onChange} options={field.options?.map((o) => ({ value: o.value, label: labelOf(o.label, locale) }))} style={{ minWidth: 150 }} />;
  if (field.type === 'boolean')
    return <Select {...common} value={value} onChange={onChange} options={[{ value: 'true', label: t('common.yes') }, { value: 'false', label: t('common.no') }]} style={{ minWidth: 120 }} />;
  return (
    <Input
      {...common}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
      style={{ width: 160 }}
    />
  );
}

/** Every readable field of one item, with edit and the resource's actions. */
export function ResourceDetail({
  resource,
  id,
  onClose,
  onEdit,
  rowActions,
  editable,
  top,
}: {
  resource: ResourceSchema;
  id: string | undefined;
  onClose: () => void;
  onEdit: (id: string) => void;
  rowActions?: RowActions;
  editable?: (item: Item) => boolean;
  top?: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data: item, isError } = useItem(resource.name, id);
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      width={560}
      title={item ? itemTitle(resource, item) : labelOf(resource.label, locale)}
      loading={!item && !isError}
      extra={
        item ? (
          <Space>
            <ActionsButton actions={presentActions(rowActions?.(item, resource) ?? [])} />
            {resource.canUpdate && (editable?.(item) ?? true) ? (
              <Button icon={<EditOutlined />} onClick={() => onEdit(item.id)}>{t('resource.edit')}</Button>
            ) : null}
          </Space>
        ) : null
      }
    >
      {isError ? <Alert type="error" showIcon message={t('resource.itemMissing')} /> : null}
      {item && top ? top(item) : null}
      {item ? (
        <Descriptions column={1} bordered size="small" className="sf-res__details">
          {resource.fields
            .filter((f) => !f.writeOnly && isVisible(f, item, resource.fields))
            .map((f) => (
              <Descriptions.Item key={f.name} label={labelOf(f.label, locale)}>
                {f.format === 'html' && typeof item[f.name] === 'string' && item[f.name] ? (
                  // Stored HTML was sanitised by the server on write (allow-list).
                  <div className="sf-res__html" dangerouslySetInnerHTML={{ __html: String(item[f.name]) }} />
                ) : (
                  <FieldValue field={f} value={item[f.name]} />
                )}
              </Descriptions.Item>
            ))}
          <Descriptions.Item label={t('resource.createdAt')}>{formatDateTime(item.createdAt, locale)}</Descriptions.Item>
          <Descriptions.Item label={t('resource.updatedAt')}>{formatDateTime(item.updatedAt, locale)}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Drawer>
  );
}
