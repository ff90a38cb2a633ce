// Exam calls (docs/LEARNING.md, Staff API) and their query keys.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Attempt, CompletedCourse, ExamDetail } from '../../lib/learning/types';
import type { Answers } from './logic';

export const examKey = (id: string) => ['exam', id] as const;
export const attemptKey = (id: string) => ['exam-attempt', id] as const;

export function useExam(id: string) {
  return useQuery({
    queryKey: examKey(id),
    queryFn: ({ signal }) => api<{ exam: ExamDetail }>(`/api/exams/${encodeURIComponent(id)}`, { signal }).then((r) => r.exam),
    enabled: !!id,
    staleTime: 0,
  });
}

export function useAttempt(id: string) {
  return useQuery({
    queryKey: attemptKey(id),
    queryFn: ({ signal }) => api<{ attempt: Attempt }>(`/api/exam-attempts/${encodeURIComponent(id)}`, { signal }).then((r) => r.attempt),
    enabled: !!id,
    staleTime: 0,
    gcTime: 0,
  });
}

export function startAttempt(examId: string) {
  return api<{ attempt: Attempt }>(`/api/exams/${encodeURIComponent(examId)}/attempts`, { method: 'POST', body: {} });
}

/** Where an attempt's answers are saved (PUT: the answers given replace those questions' earlier ones). */
export const answersUrl = (attemptId: string) => `/api/exam-attempts/${encodeURIComponent(attemptId)}/answers`;

export function saveAnswers(attemptId: string, answers: Answers) {
  return api<{ saved: boolean; deadlineAt: string | null; serverNow: string }>(answersUrl(attemptId), {
    method: 'PUT',
    body: { answers },
    toastOnNetworkError: false,
  });
}

export interface SubmitAnswer {
  attempt: Attempt;
  pointsAwarded: number;
  completedCourses: CompletedCourse[];
  balance: number;
}

export function submitAttempt(attemptId: string, answers: Answers) {
  return api<SubmitAnswer>(`/api/exam-attempts/${encodeURIComponent(attemptId)}/submit`, { method: 'POST', body: { answers } });
}

/** After a submission: everything that shows progress, points or attempts is stale. */
export function invalidateAfterExam(client: QueryClient, examId: string) {
  void client.invalidateQueries({ queryKey: examKey(examId) });
  for (const key of ['home', 'learning', 'my-points', 'course', 'for-you']) void client.invalidateQueries({ queryKey: [key] });
}

/** What the result page shows only right after submitting (the attempt itself does not carry it). */
export interface ResultState {
  pointsAwarded: number;
  completedCourses: CompletedCourse[];
  balance: number;
}
