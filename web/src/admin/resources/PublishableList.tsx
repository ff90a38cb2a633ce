// The list of a publishable area: the generic list from the schema plus publish / archive on every row.
// An area adds only its own row actions (e.g. a preview, an editor).
import { useCallback, type ReactNode } from 'react';
import { StatusActions } from './publishing';
import type { ResourceFormProps } from './ResourceForm';
import { ResourceView, type ResourceViewProps } from './ResourceView';
import { itemTitle, type Item, type ResourceSchema } from './schema';

export function PublishableList({
  resource,
  formProps,
  onOpen,
  extraActions,
  ...view
}: {
  resource: string;
  formProps?: Pick<ResourceFormProps, 'visibleFields' | 'inputProps' | 'renderInput' | 'labels'>;
  onOpen?: (item: Item) => void;
  extraActions?: (item: Item, schema: ResourceSchema) => ReactNode;
} & Pick<ResourceViewProps, 'cells' | 'toolbarExtra' | 'updatedColumn' | 'columns' | 'fixed'>) {
  const rowActions = useCallback(
    (item: Item, schema: ResourceSchema) => (
      <>
        {extraActions?.(item, schema)}
        {schema.canUpdate ? <StatusActions resource={resource} item={item} title={itemTitle(schema, item)} /> : null}
      </>
    ),
    [resource, extraActions],
  );
  return <ResourceView resource={resource} rowActions={rowActions} formProps={formProps} onOpen={onOpen} {...view} />;
}
