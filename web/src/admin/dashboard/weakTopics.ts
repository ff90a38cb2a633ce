// The dashboard's weakest topics (GET /api/admin/knowledge/weakest, docs/API.md "Knowledge report"): pure
// helpers, cheap to unit test.

export interface WeakTopic {
  id: string | null;
  name: string | null;
  retention: number;
  people: number;
  course: { id: string; title: string } | null;
  stores: { id: string; name: string; retention: number }[];
}
export interface WeakTopics {
  desiredRetention: number;
  topics: WeakTopic[];
}

/** The query the course editor reads to open a new assignment for these stores (CourseEditor: ?anew=1&astores=). */
export const ASSIGN_STORES_PARAM = 'astores';

/**
 * Where "assign a refresher" goes: the refresher course's new assignment with the stores concerned filled
 * in; without a course, the courses list to make one.
 */
export function refresherLink(topic: WeakTopic): string {
  if (!topic.course) return '/admin/courses';
  const q = new URLSearchParams({ anew: '1' });
  if (topic.stores.length > 0) q.set(ASSIGN_STORES_PARAM, topic.stores.map((s) => s.id).join(','));
  return `/admin/courses/${encodeURIComponent(topic.course.id)}?${q.toString()}`;
}

/** The stores a link carries back out of the URL (empty when none). */
export function storesFromQuery(search: URLSearchParams): string[] {
  return (search.get(ASSIGN_STORES_PARAM) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
