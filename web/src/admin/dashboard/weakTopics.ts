// The dashboard's weakest topics (GET /api/admin/knowledge/weakest, docs/API.md "Knowledge report"): pure
// helpers, cheap to unit test.
import { newAssignmentLink } from '../../lib/learning/assignmentLink';

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

/**
 * Where "assign a refresher" goes: the refresher course's new assignment with the stores concerned filled
 * in; without a course, the courses list to make one.
 */
export function refresherLink(topic: WeakTopic): string {
  if (!topic.course) return '/admin/courses';
  return newAssignmentLink(topic.course.id, topic.stores.map((s) => s.id));
}
