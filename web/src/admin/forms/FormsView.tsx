// The forms list (/admin/forms): the kit resource `forms` with publish / archive; a row opens its screen.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PublishableList } from '../resources/PublishableList';
import type { Item } from '../resources/schema';

export function FormsView() {
  const navigate = useNavigate();
  const open = useCallback((item: Item) => navigate(`/admin/forms/${encodeURIComponent(item.id)}`), [navigate]);
  return <PublishableList resource="forms" onOpen={open} />;
}
