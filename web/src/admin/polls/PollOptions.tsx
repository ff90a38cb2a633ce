// The options of a poll (the kit's `poll-options`, ordered within the poll), each with its votes so far.
import { useTranslation } from 'react-i18next';
import { ClubThumb } from '../resources/ClubThumb';
import { OrderedChildrenCard } from '../resources/OrderedChildrenCard';

export function PollOptions({ pollId, votes, onChanged }: { pollId: string; votes: Record<string, number>; onChanged: () => void }) {
  const { t } = useTranslation();
  return (
    <OrderedChildrenCard
      resource="poll-options"
      parentField="poll"
      parentId={pollId}
      texts="pollsAdmin.options"
      block="sf-club-detail"
      testId="poll-options"
      addTestId="poll-option-add"
      onChanged={onChanged}
      row={(o) => ({
        title: String(o.text ?? ''),
        sub: t('pollsAdmin.options.votes', { count: votes[o.id] ?? Number(o.votesCount ?? 0) }),
        thumb: <ClubThumb id={o.image} size={40} />,
        className: 'sf-club-option',
        attributes: { 'data-option': String(o.text ?? ''), 'data-option-id': o.id },
      })}
    />
  );
}
