// A list ordered by drag (mouse, touch, keyboard) with @dnd-kit/sortable: a column of rows (course lessons,
// exam questions) or a wrapping grid of tiles (the images of an image set).
import { HolderOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type Modifier } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export function SortableList<T extends { id: string }>({
  items,
  disabled,
  onMove,
  render,
  className,
  label,
  layout = 'column',
  rowClassName,
  after,
}: {
  items: T[];
  disabled?: boolean;
  onMove: (activeId: string, overId: string) => void;
  render: (item: T, index: number, handle: ReactNode) => ReactNode;
  className?: string;
  label: string;
  layout?: 'column' | 'grid';
  rowClassName?: string;
  /** Shown after the items, inside the list (e.g. an "add" tile); not draggable. */
  after?: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const { t } = useTranslation();
  // Screen readers hear where an item is, as positions (1-based), in the UI language.
  const accessibility = useMemo(() => {
    const at = (id: string | number | undefined) => items.findIndex((x) => x.id === String(id)) + 1;
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('sortable.picked', { from: at(active.id) }),
      onDragOver: ({ active, over }) => (over ? t('sortable.over', { from: at(active.id), to: at(over.id) }) : undefined),
      onDragEnd: ({ active, over }) => (over ? t('sortable.dropped', { from: at(active.id), to: at(over.id) }) : t('sortable.cancelled')),
      onDragCancel: () => t('sortable.cancelled'),
    };
    return { announcements, screenReaderInstructions: { draggable: t('sortable.instructions') } };
  }, [items, t]);
  const onDragEnd = (e: DragEndEvent) => {
    if (e.over && e.active.id !== e.over.id) onMove(String(e.active.id), String(e.over.id));
  };
  return (
    <DndContext accessibility={accessibility} sensors={sensors} collisionDetection={closestCenter} modifiers={layout === 'column' ? [verticalOnly] : []} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((i) => i.id)} strategy={layout === 'column' ? verticalListSortingStrategy : rectSortingStrategy} disabled={disabled}>
        <ol className={className} aria-label={label}>
          {items.map((item, i) => (
            <SortableRow key={item.id} id={item.id} disabled={disabled} className={rowClassName}>
              {(handle) => render(item, i, handle)}
            </SortableRow>
          ))}
          {after}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, disabled, className, children }: { id: string; disabled?: boolean; className?: string; children: (handle: ReactNode) => ReactNode }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const handle = (
    <button type="button" ref={setActivatorNodeRef} className="sf-sort__handle" disabled={disabled} aria-label={t('sortable.handle')} title={t('sortable.handle')} {...attributes} {...listeners}>
      <HolderOutlined />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      data-id={id}
      className={`sf-sort__row${className ? ` ${className}` : ''}${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}
