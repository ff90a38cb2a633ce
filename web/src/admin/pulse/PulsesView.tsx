// The pulse surveys list (/admin/pulse): the kit resource `pulses` with publish / archive; a row opens its screen.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PublishableList } from '../resources/PublishableList';
import type { Item } from '../resources/schema';

export function PulsesView() {
  const navigate = useNavigate();
  const open = useCallback((item: Item) => navigate(`/admin/pulse/${encodeURIComponent(item.id)}`), [navigate]);
  return <PublishableList resource="pulses" onOpen={open} />;
}
