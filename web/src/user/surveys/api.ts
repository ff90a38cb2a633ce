// Queries and writes of the staff survey screens (docs/API.md "Surveys (issue 16 …)", Staff).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { api } from '../../lib/api';
import { answersToSend, surveyKey, surveysKey } from '../../lib/surveys/logic';
import type { Answers, Survey, SurveyListItem } from '../../lib/surveys/types';

const enc = encodeURIComponent;

export const useSurveys = () =>
  useQuery({ queryKey: surveysKey, queryFn: ({ signal }) => api<{ items: SurveyListItem[] }>('/api/surveys', { signal }), staleTime: 0 });

export const useSurvey = (id: string) =>
  useQuery({ queryKey: surveyKey(id), queryFn: ({ signal }) => api<{ survey: Survey }>(`/api/surveys/${enc(id)}`, { signal }), staleTime: 0 });

/** PUT …/draft: the progress so far, so another device resumes here. Saves go one after another, so a slow
 * earlier save never lands after a later one; `settled()` resolves once every save asked so far has ended
 * (the submit waits for it, so a late save cannot reach the server after the response and get a 409). */
export function useDraftSaver(id: string) {
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const save = useCallback(
    (answers: Answers, onError: (e: unknown) => void) => {
      chain.current = chain.current.then(() =>
        api(`/api/surveys/${enc(id)}/draft`, { method: 'PUT', body: { answers: answersToSend(answers) } }).catch(onError),
      );
    },
    [id],
  );
  const settled = useCallback(() => chain.current.then(() => undefined), []);
  return { save, settled };
}

export function useSubmit(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answers: Answers) => api(`/api/surveys/${enc(id)}/responses`, { method: 'POST', body: { answers: answersToSend(answers) } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: surveyKey(id) });
      void client.invalidateQueries({ queryKey: surveysKey });
    },
  });
}
