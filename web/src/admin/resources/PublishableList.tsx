// The list of an area whose items are drafted, published and archived: the resource's list with publish /
// archive on each row and, when the area has one, a preview of the item as staff will see it.
import { useCallback, useState, type ReactNode } from 'react';
import type { ResourceFormProps } from './ResourceForm';
import { ResourceView } from './ResourceView';
import { PreviewButton, StatusActions } from './rowActions';
import { itemTitle, type Item, type ResourceSchema } from './schema';

export interface PublishableListProps {
  resource: string;
  columns: string[];
  formProps?: Pick<ResourceFormProps, 'visibleFields' | 'inputProps' | 'renderInput'>;
  onOpen?: (item: Item) => void;
  extraActions?: (item: Item, schema: ResourceSchema) => ReactNode;
  /** The area's preview of item `id` (undefined: closed); without it rows have no preview button. */
  renderPreview?: (id: string | undefined, close: () => void) => ReactNode;
}

export function PublishableList({ resource, columns, formProps, onOpen, extraActions, renderPreview }: PublishableListProps) {
  const [preview, setPreview] = useState<string | undefined>();
  const previewable = !!renderPreview;
  const rowActions = useCallback(
    (item: Item, schema: ResourceSchema) => {
      const title = itemTitle(schema, item);
      return (
        <>
          {extraActions?.(item, schema)}
          {previewable ? <PreviewButton title={title} onClick={() => setPreview(item.id)} /> : null}
          {schema.canUpdate ? <StatusActions resource={resource} item={item} title={title} /> : null}
        </>
      );
    },
    [resource, extraActions, previewable],
  );
  return (
    <>
      <ResourceView resource={resource} columns={columns} rowActions={rowActions} formProps={formProps} onOpen={onOpen} />
      {renderPreview?.(preview, () => setPreview(undefined))}
    </>
  );
}
