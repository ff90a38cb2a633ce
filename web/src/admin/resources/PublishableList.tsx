// The list of a publishable area: the generic list from the schema plus publish / archive on every row.
// An area adds only its own row actions (e.g. a preview, an editor).
import { useCallback } from 'react';
import { useStatusAction } from './publishing';
import type { ResourceFormProps } from './ResourceForm';
import type { RowActions } from './rowActions';
import { ResourceView, type ResourceViewProps } from './ResourceView';
import { itemTitle } from './schema';

export function PublishableList({
  resource,
  formProps,
  onOpen,
  extraActions,
  ...view
}: {
  resource: string;
  formProps?: Pick<ResourceFormProps, 'visibleFields' | 'inputProps' | 'renderInput' | 'labels'>;
  onOpen?: ResourceViewProps['onOpen'];
  extraActions?: RowActions;
} & Pick<ResourceViewProps, 'cells' | 'toolbarExtra' | 'updatedColumn' | 'columns' | 'fixed' | 'columnWidths'>) {
  const status = useStatusAction(resource);
  const rowActions = useCallback<RowActions>(
    (item, schema) => [...(extraActions?.(item, schema) ?? []), schema.canUpdate && status(item, itemTitle(schema, item))],
    // `status` is remade each render; its work depends on the resource only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [resource, extraActions],
  );
  return <ResourceView resource={resource} rowActions={rowActions} formProps={formProps} onOpen={onOpen} {...view} />;
}
