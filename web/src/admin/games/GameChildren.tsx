// The ordered children of a quiz (its questions) or of a matching game (its pairs) on the kit's
// OrderedChildrenCard: drag to reorder, add and edit with the generic form, remove. A kind says only its
// resource, its texts and how a child reads.
import type { ReactNode } from 'react';
import { ClubThumb } from '../resources/ClubThumb';
import { OrderedChildrenCard } from '../resources/OrderedChildrenCard';
import type { Item } from '../resources/schema';

export interface ChildKind {
  resource: string;
  parentField: string;
  /** i18n prefix of the card's texts (OrderedChildrenCard's `texts`). */
  texts: string;
  title: (item: Item) => string;
  sub: (item: Item) => ReactNode;
  image: (item: Item) => unknown;
}

export function GameChildren({ kind, parentId, testId }: { kind: ChildKind; parentId: string; testId: string }) {
  return (
    <OrderedChildrenCard
      resource={kind.resource}
      parentField={kind.parentField}
      parentId={parentId}
      texts={kind.texts}
      block="sf-club-detail"
      testId={testId}
      addTestId={`${testId}-add`}
      row={(o) => ({
        title: kind.title(o),
        sub: kind.sub(o),
        thumb: <ClubThumb id={kind.image(o)} size={40} />,
        className: 'sf-club-option',
        attributes: { 'data-child-id': o.id },
      })}
    />
  );
}
