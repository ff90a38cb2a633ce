// Progress reporting of a content page (docs/LEARNING.md "Lesson completion"): the open the server stamps
// when the page opens, POST /api/contents/:id/progress without duplicates, cache updates, the celebration
// when points or a course were earned, and a last keepalive write when the page goes away (it also tells the
// server when this sitting ended, for the reading clock).
// The server decides when a lesson counts. The page claims the end when the server said it would count
// (`readyInSeconds`), and a claim answered 422 TOO_EARLY is sent again once the seconds have passed: the
// reader sees a quiet "counts in N s" line, never an error. NOT_ALL_SEEN / LINK_NOT_OPENED become a hint.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { LESSON_COMPLETED_EVENT } from '../../lib/offline/events';
import { enqueue } from '../../lib/offline/queue';
import { useSession } from '../../lib/session';
import { learningKeys, openContent, postContentProgress, prefetchCsrf, sendProgressOnLeave } from './api';
import { clampPercent } from './logic';
import type { ContentDetail, Progress, ProgressAnswer } from '../../lib/learning/types';

export interface ProgressBody {
  position?: number;
  percent?: number;
  /** Picture indexes (image sets, from 0) or page numbers (PDFs, from 1) seen. */
  seen?: number[];
  /** A PDF's page count. */
  pages?: number;
  /** A link lesson: the reader left for the link now. */
  linkOpened?: boolean;
}

export interface Sent {
  percent: number;
  position: number;
  seen: Set<number>;
  linkOpened: boolean;
}

/** Whether `next` says something the server doesn't know yet (percent never goes down there). */
export function isNews(sent: Pick<Sent, 'percent' | 'position'> & Partial<Sent>, next: ProgressBody): boolean {
  const pct = next.percent === undefined ? -1 : clampPercent(next.percent);
  if (pct > sent.percent) return true;
  if (next.position !== undefined && Math.abs(next.position - sent.position) >= 1) return true;
  if (next.seen?.some((n) => !sent.seen?.has(n))) return true;
  if (next.linkOpened && !sent.linkOpened) return true;
  return false;
}

/** What a refused claim means for the page: wait and send it again, or tell the reader what is missing. */
export type Refusal = { wait: number } | { hint: string } | null;

export function refusalOf(e: unknown): Refusal {
  if (!(e instanceof ApiError) || e.status !== 422) return null;
  if (e.code === 'TOO_EARLY') {
    const s = Number(e.messageCode?.params?.seconds);
    return { wait: Number.isFinite(s) && s > 0 ? s : 1 };
  }
  if (e.code === 'NOT_ALL_SEEN' || e.code === 'LINK_NOT_OPENED') return { hint: e.message };
  return null;
}

/** The page's state of the reading clock: when the time rule is met (ms since epoch), and what is missing. */
export interface Pending {
  readyAt: number | null;
  hint: string | null;
  /** The end was claimed and waits for the clock. */
  claimed: boolean;
}

const NOTHING: Pending = { readyAt: null, hint: null, claimed: false };

export function useContentProgress(id: string, initial: { percent: number; position: number; seen?: number[]; completed: boolean } | null) {
  const client = useQueryClient();
  const { t } = useTranslation();
  const user = useSession().data?.user.id;
  const [celebration, setCelebration] = useState<ProgressAnswer | null>(null);
  const [pending, setPending] = useState<Pending>(NOTHING);
  const sent = useRef<Sent>({ percent: 0, position: 0, seen: new Set(), linkOpened: false });
  const unsent = useRef<ProgressBody | null>(null);
  const csrf = useRef<string | null>(null);
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined);
  const done = useRef(false);
  const alive = useRef(true);
  const readyAt = useRef<number | null>(null);
  const reportRef = useRef<((body: ProgressBody, force?: boolean) => Promise<void>) | null>(null);

  const merge = useCallback(
    (progress: Partial<Progress>) => {
      let completedNow = false;
      client.setQueryData<ContentDetail>(learningKeys.content(id), (old) => {
        if (!old) return old;
        completedNow = !old.progress?.completedAt && !!progress.completedAt;
        return { ...old, progress: { ...old.progress, ...progress, completed: !!(progress.completedAt ?? old.progress?.completedAt) } };
      });
      if (progress.completedAt) {
        done.current = true;
        setPending(NOTHING);
      } else if (progress.readyInSeconds !== undefined) {
        const at = Date.now() + progress.readyInSeconds * 1000;
        readyAt.current = at;
        setPending((p) => ({ ...p, readyAt: at, ...(progress.waiting ? { claimed: true, hint: null } : {}) }));
        // Everything seen, only the clock to wait for: report once it has run (a report completes it).
        if (progress.waiting) {
          clearTimeout(retry.current);
          retry.current = setTimeout(() => {
            if (alive.current && !done.current) void reportRef.current?.({}, true);
          }, progress.readyInSeconds * 1000 + 250);
        }
      }
      return completedNow;
    },
    [client, id],
  );

  useEffect(() => {
    sent.current = { percent: initial?.percent ?? 0, position: initial?.position ?? 0, seen: new Set(initial?.seen ?? []), linkOpened: false };
    done.current = !!initial?.completed;
    readyAt.current = null;
    setPending(NOTHING);
    // Only when the item changes: later cache updates must not reset what was sent.
  }, [id]); // eslint-disable-line react-hooks/exhaustive-deps

  // The open: the server starts the reading clock (a finished lesson needs none).
  useEffect(() => {
    if (!id || initial?.completed) return;
    openContent(id).then(
      (ans) => {
        if (!alive.current) return;
        for (const n of ans.progress.seen ?? []) sent.current.seen.add(n);
        merge(ans.progress);
      },
      () => undefined,
    );
  }, [id]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => prefetchCsrf((t) => (csrf.current = t)), []);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(retry.current);
    };
  }, []);

  /** Remember the latest state for the keepalive write when the page goes away. */
  const remember = useCallback((body: ProgressBody) => {
    unsent.current = isNews(sent.current, body) ? body : null;
  }, []);

  /** Sends what is news to the server; `force` sends it anyway (a video starting to play marks the moment
   * the server counts watch time from; a claim sent again once its time has come). */
  const report = useCallback(
    async (body: ProgressBody, force = false): Promise<void> => {
      if (!id || (!force && !isNews(sent.current, body))) return;
      const claim = (body.percent ?? 0) >= 100;
      const early = claim && readyAt.current !== null ? readyAt.current - Date.now() : 0;
      if (early > 0) {
        // The server said when it will count: claim the end then, not before (no refusal to read).
        setPending((p) => ({ ...p, claimed: true, hint: null }));
        remember(body);
        clearTimeout(retry.current);
        retry.current = setTimeout(() => {
          if (alive.current && !done.current) void report(body, true);
        }, early + 250);
        return;
      }
      const before: Sent = { ...sent.current, seen: new Set(sent.current.seen) };
      if (body.percent !== undefined) sent.current.percent = Math.max(sent.current.percent, clampPercent(body.percent));
      if (body.position !== undefined) sent.current.position = body.position;
      for (const n of body.seen ?? []) sent.current.seen.add(n);
      if (body.linkOpened) sent.current.linkOpened = true;
      unsent.current = null;
      if (claim) setPending((p) => ({ ...p, claimed: true, hint: null }));
      try {
        const ans = await postContentProgress(id, {
          ...body,
          ...(body.position !== undefined ? { position: Math.round(body.position * 10) / 10 } : {}),
          ...(body.percent !== undefined ? { percent: clampPercent(body.percent) } : {}),
        });
        const completedNow = merge(ans.progress);
        if (completedNow) window.dispatchEvent(new Event(LESSON_COMPLETED_EVENT));
        if (completedNow || ans.completedCourses.length) {
          // Lists, courses and Home show the new state; the open content keeps its cache.
          void client.invalidateQueries({
            predicate: (q) => (q.queryKey[0] === 'learning' && !(q.queryKey[1] === 'content' && q.queryKey[2] === id)) || q.queryKey[0] === 'home',
          });
        }
        if (ans.pointsAwarded > 0 || ans.completedCourses.length) setCelebration(ans);
      } catch (e) {
        const refusal = refusalOf(e);
        if (refusal && 'wait' in refusal) {
          // Counted once the clock says so: send the same claim again then, while the page is open.
          const at = Date.now() + refusal.wait * 1000;
          readyAt.current = at;
          setPending((p) => ({ ...p, readyAt: at, claimed: true, hint: null }));
          clearTimeout(retry.current);
          retry.current = setTimeout(() => {
            if (alive.current && !done.current) void report(body, true);
          }, refusal.wait * 1000 + 250);
          return;
        }
        if (refusal && 'hint' in refusal) {
          setPending((p) => ({ ...p, claimed: false, hint: refusal.hint }));
          return;
        }
        if (claim && user && e instanceof ApiError && e.isNetwork) {
          // Finished offline: the claim is kept and sent when the connection returns (lib/offline/queue.ts;
          // the app's PWA shell sends it), and counts then, once.
          enqueue(user, `/api/contents/${encodeURIComponent(id)}/progress`, { ...body, percent: 100 });
          done.current = true;
          setPending({ readyAt: null, claimed: true, hint: t('content.savedOffline') });
          return;
        }
        // Try again with the next report.
        sent.current = before;
        unsent.current = body;
      }
    },
    [id, client, merge, remember, user, t],
  );

  reportRef.current = report;

  useEffect(() => {
    const flush = () => {
      if (!id || done.current) return;
      // What the server does not know yet, or else a plain report: the reading clock's sitting ends here.
      const body = unsent.current && isNews(sent.current, unsent.current) ? unsent.current : {};
      sendProgressOnLeave(`/api/contents/${encodeURIComponent(id)}/progress`, body, csrf.current);
      if (body.percent !== undefined) sent.current.percent = Math.max(sent.current.percent, clampPercent(body.percent));
      if (body.position !== undefined) sent.current.position = body.position;
      unsent.current = null;
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
  return { report, remember, celebration, dismiss, pending };
}
