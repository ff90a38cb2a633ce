// The order of a list after one item moved: shared by the drag lists (lessons, questions, images) and
// their arrow buttons.

/** `ids` with `activeId` moved to where `overId` is (unchanged when either is missing or they are equal). */
export function moveIds(ids: string[], activeId: string, overId: string): string[] {
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return ids;
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, activeId);
  return next;
}
