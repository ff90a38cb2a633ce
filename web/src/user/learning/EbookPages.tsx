// Ebooks: the shelf (/learning/ebooks, a grid of covers) and the reader (/learning/ebook/:id) on the shared
// PdfViewer, opening at the saved page and saving the page as the reader moves.
import { Skeleton } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { openEbook, postEbookProgress, prefetchCsrf, sendProgressOnLeave, useEbook, useInvalidateLearning, useLearningSearch } from './api';
import { LearningCard } from './LearningCard';
import { BackBar, CompletionNote, LoadError } from './parts';
import { refusalOf, type Pending } from './progress';
import './learning.css';
import { LoadMorePages } from '../../components/LoadMore';

const PdfViewer = lazy(() => import('./PdfViewer'));
const EBOOKS = { q: '', type: 'ebook', category: '', subcategory: '' } as const;

export function EbooksPage() {
  const { t } = useTranslation();
  const q = useLearningSearch(EBOOKS);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="sf-page sf-ebooks" data-testid="ebooks-page">
      <BackBar fallback="/learning" />
      <PageHeader title={t('ebook.shelfTitle')} subtitle={t('ebook.shelfSubtitle')} />
      {q.isLoading ? (
        <div className="sf-ebooks__grid">
          {[0, 1, 2, 3].map((i) => <Skeleton key={i} animated className="sf-ebooks__skeleton" />)}
        </div>
      ) : q.error && !q.data ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : items.length ? (
        <>
          <ul className="sf-ebooks__grid">
            {items.map((c, i) => (
              <li key={c.id}>
                <LearningCard card={c} variant="grid" priority={i < 4} />
              </li>
            ))}
          </ul>
          <LoadMorePages query={q}>
            {q.hasNextPage ? t('learningTab.loadingMore') : <span />}
          </LoadMorePages>
        </>
      ) : (
        <EmptyState icon={<FileOutline />} title={t('ebook.emptyTitle')} body={t('ebook.emptyBody')} />
      )}
    </div>
  );
}

export function EbookReaderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: ebook, isLoading, error, refetch } = useEbook(id);
  const invalidate = useInvalidateLearning();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<{ page: number; pages: number } | null>(null);
  const saved = useRef(0);
  const csrf = useRef<string | null>(null);
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [clock, setClock] = useState<Pending>({ readyAt: null, hint: null, claimed: false });
  const completed = !!ebook?.progress?.completed;

  // The open starts the book's reading clock on the server (docs/LEARNING.md "Lesson completion").
  useEffect(() => {
    if (!ebook || completed) return;
    openEbook(id).then(
      (ans) => setClock((c) => ({ ...c, readyAt: Date.now() + (ans.progress.readyInSeconds ?? 0) * 1000 })),
      () => undefined,
    );
    return () => clearTimeout(retry.current);
  }, [id, !!ebook]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => prefetchCsrf((tok) => (csrf.current = tok)), []);
  useEffect(() => {
    const path = `/api/ebooks/${encodeURIComponent(id)}/progress`;
    const flush = () => {
      clearTimeout(timer.current);
      const p = pending.current;
      if (p && p.page !== saved.current) sendProgressOnLeave(path, p, csrf.current);
      pending.current = null;
    };
    const onHide = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush();
      invalidate();
    };
  }, [id]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = (page: number, pages: number, force = false) => {
    pending.current = null;
    if (page === saved.current && !force) return;
    const prev = saved.current;
    saved.current = page;
    postEbookProgress(id, page, pages).then(
      (ans) => {
        if (ans.progress.completed) {
          setClock({ readyAt: null, hint: null, claimed: false });
          invalidate();
        } else if (ans.progress.readyInSeconds !== undefined) {
          const wait = ans.progress.readyInSeconds;
          setClock((c) => ({ ...c, readyAt: Date.now() + wait * 1000, ...(ans.progress.waiting ? { claimed: true, hint: null } : {}) }));
          // Enough pages seen, only the clock to wait for: report this page again once it has run.
          if (ans.progress.waiting) {
            clearTimeout(retry.current);
            retry.current = setTimeout(() => save(page, pages, true), wait * 1000 + 250);
          }
        }
      },
      (e) => {
        const refusal = refusalOf(e);
        if (refusal && 'wait' in refusal) {
          // The last page counts once the book has been open long enough: claim it again then.
          setClock({ readyAt: Date.now() + refusal.wait * 1000, hint: null, claimed: true });
          clearTimeout(retry.current);
          retry.current = setTimeout(() => save(page, pages, true), refusal.wait * 1000 + 250);
        } else if (refusal && 'hint' in refusal) {
          setClock({ readyAt: null, hint: refusal.hint, claimed: false });
        } else {
          saved.current = prev;
          pending.current = { page, pages };
        }
      },
    );
  };

  return (
    <div className="sf-page sf-reader" data-testid="ebook-reader">
      <BackBar fallback="/learning/ebooks" title={ebook?.title} />
      {isLoading ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : error || !ebook ? (
        <LoadError error={error} retry={() => void refetch()} />
      ) : (
        <>
          <header className="sf-reader__header">
            <h1 className="sf-lesson__title">{ebook.title}</h1>
            {ebook.author ? <p className="sf-reader__author">{t('ebook.by', { author: ebook.author })}</p> : null}
            {ebook.description ? <p className="sf-lesson__summary">{ebook.description}</p> : null}
          </header>
          {ebook.pdf ? (
            <Suspense fallback={<Skeleton.Paragraph lineCount={8} animated />}>
              <PdfViewer
                url={ebook.pdf.url}
                title={ebook.title}
                initialPage={ebook.progress?.position || 1}
                onPage={(page, pages) => {
                  // A first open saves page 1 too, so the shelf shows the book as started.
                  if (saved.current === 0) saved.current = ebook.progress?.position || -1;
                  pending.current = { page, pages };
                  clearTimeout(timer.current);
                  timer.current = setTimeout(() => save(page, pages), page >= pages ? 0 : 1200);
                }}
              />
            </Suspense>
          ) : (
            <p className="sf-lerror">{t('content.noMedia')}</p>
          )}
          {completed ? null : <CompletionNote pending={clock} />}
        </>
      )}
    </div>
  );
}
