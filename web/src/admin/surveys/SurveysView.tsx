// The surveys list (/admin/survey): the kit resource `surveys` with publish / archive; a row opens its screen.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PublishableList } from '../resources/PublishableList';
import type { Item } from '../resources/schema';

export function SurveysView() {
  const navigate = useNavigate();
  const open = useCallback((item: Item) => navigate(`/admin/survey/${encodeURIComponent(item.id)}`), [navigate]);
  return <PublishableList resource="surveys" onOpen={open} />;
}
