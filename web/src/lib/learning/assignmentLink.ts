// A link that opens a course's new assignment with stores already chosen as its audience: written by the
// dashboard's weakest topics ("assign a refresher"), read by the course editor (?anew=1&astores=a,b).

export const ASSIGN_STORES_PARAM = 'astores';

export function newAssignmentLink(courseId: string, storeIds: readonly string[]): string {
  const q = new URLSearchParams({ anew: '1' });
  if (storeIds.length > 0) q.set(ASSIGN_STORES_PARAM, storeIds.join(','));
  return `/admin/courses/${encodeURIComponent(courseId)}?${q.toString()}`;
}

/** The stores a link carries back out of the URL (empty when none). */
export function storesFromQuery(search: URLSearchParams): string[] {
  return (search.get(ASSIGN_STORES_PARAM) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
