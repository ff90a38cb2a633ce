// Where "back to course" goes: a course page opens an exam with ?course=<id>; it rides along every exam URL.
export function courseParam(search: URLSearchParams): string | null {
  const id = search.get('course');
  return id && /^[\w-]{1,64}$/.test(id) ? id : null;
}

export function withCourse(path: string, courseId: string | null): string {
  return courseId ? `${path}?course=${encodeURIComponent(courseId)}` : path;
}

export const examPaths = {
  intro: (examId: string, courseId: string | null = null) => withCourse(`/learning/exam/${encodeURIComponent(examId)}`, courseId),
  attempt: (examId: string, attemptId: string, courseId: string | null = null) =>
    withCourse(`/learning/exam/${encodeURIComponent(examId)}/attempt/${encodeURIComponent(attemptId)}`, courseId),
  result: (examId: string, attemptId: string, courseId: string | null = null) =>
    withCourse(`/learning/exam/${encodeURIComponent(examId)}/result/${encodeURIComponent(attemptId)}`, courseId),
  back: (courseId: string | null) => (courseId ? `/learning/course/${encodeURIComponent(courseId)}` : '/learning'),
};
