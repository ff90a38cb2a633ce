// A vertical list ordered by drag (mouse, touch, keyboard) with @dnd-kit/sortable.
import { HolderOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent, type Modifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';

const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export function SortableList<T extends { id: string }>({
  items,
  disabled,
  onMove,
  render,
  className,
  label,
}: {
  items: T[];
  disabled?: boolean;
  onMove: (activeId: string, overId: string) => void;
  render: (item: T, index: number, handle: ReactNode) => ReactNode;
  className?: string;
  label: string;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (e: DragEndEvent) => {
    if (e.over && e.active.id !== e.over.id) onMove(String(e.active.id), String(e.over.id));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} modifiers={[verticalOnly]} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ol className={className} aria-label={label}>
          {items.map((item, i) => (
            <SortableRow key={item.id} id={item.id} disabled={disabled}>
              {(handle) => render(item, i, handle)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, disabled, children }: { id: string; disabled?: boolean; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const handle = (
    <button type="button" ref={setActivatorNodeRef} className="sf-sort__handle" disabled={disabled} {...attributes} {...listeners}>
      <HolderOutlined />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      data-id={id}
      className={`sf-sort__row${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}
