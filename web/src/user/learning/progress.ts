// Progress reporting of a content page: POST /api/contents/:id/progress without duplicates, cache updates,
// the celebration when points or a course were earned, and a last keepalive write when the page goes away.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { learningKeys, postContentProgress, prefetchCsrf, sendProgressOnLeave } from './api';
import { clampPercent } from './logic';
import type { ContentDetail, ProgressAnswer } from '../../lib/learning/types';

export interface ProgressBody {
  position?: number;
  percent?: number;
}

/** Whether `next` says something the server doesn't know yet (percent never goes down there). */
export function isNews(sent: { percent: number; position: number }, next: ProgressBody): boolean {
  const pct = next.percent === undefined ? -1 : clampPercent(next.percent);
  if (pct > sent.percent) return true;
  if (next.position !== undefined && Math.abs(next.position - sent.position) >= 1) return true;
  return false;
}

export function useContentProgress(id: string, initial: { percent: number; position: number } | null) {
  const client = useQueryClient();
  const [celebration, setCelebration] = useState<ProgressAnswer | null>(null);
  const sent = useRef({ percent: initial?.percent ?? 0, position: initial?.position ?? 0 });
  const pending = useRef<ProgressBody | null>(null);
  const csrf = useRef<string | null>(null);

  useEffect(() => {
    sent.current = { percent: initial?.percent ?? 0, position: initial?.position ?? 0 };
    // Only when the item changes: later cache updates must not reset what was sent.
  }, [id]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => prefetchCsrf((t) => (csrf.current = t)), []);

  /** Sends what is news to the server; `force` sends it anyway (a video starting to play marks the moment
   * the server counts watch time from). */
  const report = useCallback(
    async (body: ProgressBody, force = false) => {
      if (!id || (!force && !isNews(sent.current, body))) return;
      const before = { ...sent.current };
      if (body.percent !== undefined) sent.current.percent = Math.max(sent.current.percent, clampPercent(body.percent));
      if (body.position !== undefined) sent.current.position = body.position;
      pending.current = null;
      try {
        const ans = await postContentProgress(id, {
          ...(body.position !== undefined ? { position: Math.round(body.position * 10) / 10 } : {}),
          ...(body.percent !== undefined ? { percent: clampPercent(body.percent) } : {}),
        });
        let completedNow = false;
        client.setQueryData<ContentDetail>(learningKeys.content(id), (old) => {
          if (!old) return old;
          completedNow = !old.progress?.completedAt && !!ans.progress.completedAt;
          return { ...old, progress: { ...old.progress, ...ans.progress, completed: !!ans.progress.completedAt } };
        });
        if (completedNow || ans.completedCourses.length) {
          // Lists, courses and Home show the new state; the open content keeps its cache.
          void client.invalidateQueries({
            predicate: (q) => (q.queryKey[0] === 'learning' && !(q.queryKey[1] === 'content' && q.queryKey[2] === id)) || q.queryKey[0] === 'home',
          });
        }
        if (ans.pointsAwarded > 0 || ans.completedCourses.length) setCelebration(ans);
      } catch {
        // Try again with the next report.
        sent.current = before;
        pending.current = body;
      }
    },
    [id, client],
  );

  /** Remember the latest state for the keepalive write when the page goes away. */
  const remember = useCallback((body: ProgressBody) => {
    pending.current = isNews(sent.current, body) ? body : null;
  }, []);

  useEffect(() => {
    const flush = () => {
      const body = pending.current;
      if (!body || !isNews(sent.current, body)) return;
      sendProgressOnLeave(`/api/contents/${encodeURIComponent(id)}/progress`, body, csrf.current);
      if (body.percent !== undefined) sent.current.percent = Math.max(sent.current.percent, clampPercent(body.percent));
      if (body.position !== undefined) sent.current.position = body.position;
      pending.current = null;
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush(); // leaving the route
      if (id) void client.invalidateQueries({ queryKey: learningKeys.all });
    };
  }, [id, client]);

  const dismiss = useCallback(() => setCelebration(null), []);
  return { report, remember, celebration, dismiss };
}
