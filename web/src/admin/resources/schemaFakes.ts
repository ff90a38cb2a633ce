// Schema pieces as the server sends them (GET /api/admin/schema), with every flag at its default, for the
// tests of the kit and of the areas' screens: a test names only what matters to it. Tests only.
import type { FieldSchema, ResourceSchema } from './schema';

export const fakeField = (name: string, type: FieldSchema['type'] | string, more: Partial<FieldSchema> | Record<string, unknown> = {}): FieldSchema =>
  ({
    name,
    type,
    label: { th: name, en: name },
    required: false,
    readOnly: false,
    createOnly: false,
    writeOnly: false,
    unique: false,
    searchable: false,
    sortable: false,
    filterable: false,
    ...more,
  }) as FieldSchema;

/** An enum's options, each value its own label. */
export const fakeOptions = (...values: string[]) => values.map((v) => ({ value: v, label: { th: v, en: v } }));

export const fakeStatus = () => fakeField('status', 'enum', { options: fakeOptions('draft', 'published', 'archived') });

export const fakeResource = (name: string, titleField: string, fields: FieldSchema[], more: Partial<ResourceSchema> = {}): ResourceSchema => ({
  name,
  label: { th: name, en: name },
  titleField,
  subtitleField: null,
  readRole: 'admin',
  writeRole: 'admin',
  canWrite: true,
  canCreate: true,
  canUpdate: true,
  canDelete: true,
  defaultSort: '-updatedAt',
  sortable: [],
  fields,
  actions: [],
  ...more,
});

/** A stored item: id, times and version around the given values. */
export const fakeItem = (id: string, more: Record<string, unknown>, version = 1) => ({ id, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z', version, ...more });
