// A list whose items have their own screen (<path>/:id): a click on a row opens it, and so does a named row
// action ("Manage codes", "Holders"), so the way in is also said in words.
import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { RowActions } from './rowActions';
import type { Item } from './schema';

export interface ScreenAction {
  key: string;
  label: string;
  icon: ReactNode;
  testId?: string;
}

/** The list's `onOpen` and `extraActions` (spread them on the list). */
export function useItemScreens(path: string, { key, label, icon, testId }: ScreenAction): { onOpen: (item: Item) => void; extraActions: RowActions } {
  const navigate = useNavigate();
  const onOpen = useCallback((item: Item) => void navigate(`${path}/${encodeURIComponent(item.id)}`), [navigate, path]);
  const extraActions = useCallback<RowActions>((item) => [{ key, label, icon, testId, run: () => onOpen(item) }], [key, label, icon, testId, onOpen]);
  return { onOpen, extraActions };
}
