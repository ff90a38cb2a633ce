// A lesson (/learning/content/:id?course=): article, video, PDF, image set or link, with progress reported
// as the staff member reads or watches, a celebration when points are earned, and the course's next lesson.
import { ImageViewer, Skeleton } from 'antd-mobile';
import { CheckCircleFill, CloseOutline, LinkOutline, RightOutline, StarFill } from 'antd-mobile-icons';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Carousel } from '../../components/Carousel';
import { imageUrl, isOptimisable, ColumnImage } from '../../lib/image';
import { viewerWidth } from '../../lib/viewer';
import { useContent, useCourse } from './api';
import { imagesPercent, lessonAfter, lessonHref, pagePercent, scrollPercent, shouldSave, videoPercent, videoResumeAt } from './logic';
import { BackBar, CompletionNote, LessonHeading, LoadError } from './parts';
import { useContentProgress, type ProgressBody } from './progress';
import type { ContentDetail, CourseDetail, ProgressAnswer } from '../../lib/learning/types';
import { RatingEntry } from '../../components/rating/RatingEntry';
import './learning.css';

const PdfViewer = lazy(() => import('./PdfViewer'));

type Report = (body: ProgressBody, force?: boolean) => Promise<void>;
type Remember = (body: ProgressBody) => void;

function ArticleBody({ content, report, remember }: { content: ContentDetail; report: Report; remember: Remember }) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const done = !!content.progress?.completedAt;

  useEffect(() => {
    if (done) return;
    let max = 0;
    let lastAt = Date.now();
    let lastSent = content.progress?.percent ?? 0;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = bodyRef.current;
      if (!el) return;
      const r = el.getBoundingClientRect();
      const pct = scrollPercent(window.scrollY, window.innerHeight, r.top + window.scrollY, r.height);
      if (pct > max) {
        max = pct;
        remember({ percent: max });
        if (shouldSave(lastAt, Date.now(), lastSent, max)) {
          lastAt = Date.now();
          lastSent = max;
          void report({ percent: max });
        }
      }
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        void report({ percent: 100 });
      }
    });
    if (endRef.current) io.observe(endRef.current);
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
      io.disconnect();
    };
  }, [done, report, remember]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <>
      {content.cover && content.cover.kind === 'image' ? (
        <div className="sf-lesson__hero">
          <ColumnImage media={content.cover} priority />
        </div>
      ) : null}
      {content.summary ? <p className="sf-lesson__summary">{content.summary}</p> : null}
      <div ref={bodyRef} className="sf-prose" data-testid="article-body" dangerouslySetInnerHTML={{ __html: content.bodyHtml ?? '' }} />
      <div ref={endRef} className="sf-lesson__end" data-testid="content-end" aria-hidden="true" />
    </>
  );
}

function VideoBody({ content, report, remember }: { content: ContentDetail; report: Report; remember: Remember }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const last = useRef({ at: Date.now(), position: content.progress?.position ?? 0 });
  const resumed = useRef(false);
  const [resumeFrom, setResumeFrom] = useState(0);
  const media = content.media;
  if (!media) return <p className="sf-lerror">{t('content.noMedia')}</p>;

  const state = (): ProgressBody | null => {
    const v = ref.current;
    if (!v) return null;
    if (v.ended) return { position: v.currentTime, percent: 100 };
    // Some recordings report no duration (Infinity) until played through: keep the position only.
    if (!Number.isFinite(v.duration) || v.duration <= 0) return v.currentTime > 0 ? { position: v.currentTime } : null;
    return { position: v.currentTime, percent: videoPercent(v.currentTime, v.duration) };
  };
  const save = () => {
    const s = state();
    if (!s) return;
    last.current = { at: Date.now(), position: s.position ?? 0 };
    void report(s);
  };
  return (
    <>
      <div className="sf-lesson__video">
        <video
          ref={ref}
          src={media.url}
          controls
          playsInline
          preload="metadata"
          poster={content.cover && isOptimisable(content.cover.url) ? imageUrl(content.cover.url, 828) : content.cover?.url}
          data-testid="lesson-video"
          aria-label={content.title}
          onLoadedMetadata={(e) => {
            if (resumed.current) return;
            resumed.current = true;
            const v = e.currentTarget;
            const at = videoResumeAt(content.progress?.position, v.duration);
            if (at > 0) {
              v.currentTime = at;
              setResumeFrom(at);
            }
          }}
          onTimeUpdate={() => {
            const s = state();
            if (!s) return;
            remember(s);
            if (shouldSave(last.current.at, Date.now(), last.current.position, s.position ?? 0)) save();
          }}
          onPlay={() => {
            // The server credits watch time between reports: tell it when playback (re)starts.
            const v = ref.current;
            if (!v) return;
            last.current = { at: Date.now(), position: v.currentTime };
            void report({ position: v.currentTime }, true);
          }}
          onPause={save}
          onEnded={() => {
            save();
            setResumeFrom(0);
          }}
          onSeeked={() => remember(state() ?? {})}
        />
      </div>
      {content.progress?.watchMoreSeconds && !content.progress.completedAt ? (
        <p className="sf-lesson__resume" role="status" data-testid="watch-more">
          {t('content.watchMore', { count: content.progress.watchMoreSeconds })}
        </p>
      ) : null}
      {resumeFrom > 0 ? (
        <p className="sf-lesson__resume" role="status">
          {t('content.resumedAt', { time: formatClock(resumeFrom) })}{' '}
          <button
            type="button"
            className="sf-link-button"
            onClick={() => {
              if (ref.current) ref.current.currentTime = 0;
              setResumeFrom(0);
            }}
          >
            {t('content.startOver')}
          </button>
        </p>
      ) : null}
      {content.summary ? <p className="sf-lesson__summary">{content.summary}</p> : null}
      {content.bodyHtml ? <div className="sf-prose" dangerouslySetInnerHTML={{ __html: content.bodyHtml }} /> : null}
    </>
  );
}

export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

function PdfBody({ content, report, remember }: { content: ContentDetail; report: Report; remember: Remember }) {
  const { t } = useTranslation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!content.media) return <p className="sf-lerror">{t('content.noMedia')}</p>;
  return (
    <Suspense fallback={<Skeleton.Paragraph lineCount={8} animated />}>
      <PdfViewer
        url={content.media.url}
        title={content.title}
        initialPage={content.progress?.position || 1}
        onPage={(page, pages) => {
          const body = { position: page, percent: pagePercent(page, pages), seen: [page], pages };
          remember(body);
          clearTimeout(timer.current);
          // The last page claims the end at once; other pages count as seen once they settle (fast scrolling
          // past a page neither writes nor counts it).
          if (page >= pages) void report(body);
          else timer.current = setTimeout(() => void report(body), 1500);
        }}
      />
    </Suspense>
  );
}

function ImagesBody({ content, report }: { content: ContentDetail; report: Report }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<number | null>(null);
  const images = content.images.filter((m) => m.kind === 'image');
  const [seen, setSeen] = useState<Set<number>>(() => new Set(content.progress?.seen ?? []));
  // A picture shown is a picture seen; all of them claim the end (the server also counts the time).
  const see = (i: number) => {
    if (i < 0 || i >= images.length) return;
    setSeen((old) => {
      if (old.has(i)) return old;
      const next = new Set(old).add(i);
      void report({ seen: [i], position: i, percent: imagesPercent(next.size, images.length) });
      return next;
    });
  };
  useEffect(() => {
    if (images.length) see(0);
  }, [images.length]); // eslint-disable-line react-hooks/exhaustive-deps
  const w = viewerWidth();
  return (
    <>
      {content.summary ? <p className="sf-lesson__summary">{content.summary}</p> : null}
      {images.length ? (
        <Carousel className="sf-lesson__swiper" dotsClassName="sf-lesson__dots" testId="lesson-images" onIndexChange={see}>
          {images.map((m, i) => (
            <button key={m.id} type="button" className="sf-lesson__slide" onClick={() => setViewing(i)} aria-label={t('content.openImage', { n: i + 1, total: images.length })}>
              <ColumnImage media={m} height={900} fit="contain" priority={i === 0} />
            </button>
          ))}
        </Carousel>
      ) : (
        <p className="sf-lerror">{t('content.noMedia')}</p>
      )}
      {images.length && !content.progress?.completedAt ? (
        <p className="sf-lesson__seen" data-testid="images-seen" data-seen={seen.size} aria-live="polite">
          {t('content.picturesSeen', { seen: seen.size, total: images.length })}
        </p>
      ) : null}
      {content.bodyHtml ? <div className="sf-prose" dangerouslySetInnerHTML={{ __html: content.bodyHtml }} /> : null}
      <ImageViewer.Multi
        key={viewing ?? -1}
        images={images.map((m) => (isOptimisable(m.url) ? imageUrl(m.url, w, 80) : m.url))}
        visible={viewing !== null}
        defaultIndex={viewing ?? 0}
        onIndexChange={see}
        onClose={() => setViewing(null)}
      />
    </>
  );
}

function LinkBody({ content, report }: { content: ContentDetail; report: Report }) {
  const { t } = useTranslation();
  const away = useRef(false);
  // Back from the link (the tab or app shown again): the end is claimed; the server counts the time away.
  useEffect(() => {
    const back = () => {
      if (away.current && document.visibilityState === 'visible') void report({ percent: 100 });
    };
    document.addEventListener('visibilitychange', back);
    window.addEventListener('focus', back);
    return () => {
      document.removeEventListener('visibilitychange', back);
      window.removeEventListener('focus', back);
    };
  }, [report]);
  let host = '';
  try {
    host = content.linkUrl ? new URL(content.linkUrl).host : '';
  } catch {
    host = '';
  }
  return (
    <>
      {content.summary ? <p className="sf-lesson__summary">{content.summary}</p> : null}
      {content.linkUrl ? (
        <div className="sf-lesson__link">
          <span className="sf-lesson__link-icon" aria-hidden="true"><LinkOutline /></span>
          <span className="sf-lesson__link-text">
            <span className="sf-lesson__link-title">{content.title}</span>
            <span className="sf-lesson__link-host">{host}</span>
          </span>
          <a
            className="adm-button adm-button-primary adm-button-shape-default sf-lesson__open"
            href={content.linkUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => {
              away.current = true;
              void report({ linkOpened: true }, true);
            }}
            data-testid="open-link"
          >
            {t('content.open')}
          </a>
        </div>
      ) : (
        <p className="sf-lerror">{t('content.noMedia')}</p>
      )}
      {content.bodyHtml ? <div className="sf-prose" dangerouslySetInnerHTML={{ __html: content.bodyHtml }} /> : null}
    </>
  );
}

/**
 * The celebration when a lesson earns points or completes a course: a card sliding in at the top that
 * leaves the page usable (no modal mask over the next-lesson bar) and closes by itself.
 */
function Celebration({ answer, onClose }: { answer: ProgressAnswer | null; onClose: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!answer) return;
    const timer = setTimeout(onClose, answer.completedCourses.length ? 8000 : 5000);
    return () => clearTimeout(timer);
  }, [answer, onClose]);
  if (!answer) return null;
  const courses = answer.completedCourses;
  return (
    <div className="sf-celebrate" data-testid="celebration" role="status" aria-live="polite">
      <div className="sf-celebrate__burst" aria-hidden="true"><StarFill /></div>
      <div className="sf-celebrate__text">
        {answer.pointsAwarded > 0 ? <p className="sf-celebrate__points">{t('content.plusPoints', { count: answer.pointsAwarded })}</p> : null}
        <p className="sf-celebrate__title">{t('content.lessonDone')}</p>
        {courses.map((c) => (
          <p key={c.id} className="sf-celebrate__course" data-testid="celebration-course">
            <CheckCircleFill aria-hidden="true" /> {t('content.courseDone', { title: c.title })}
            {c.pointsAwarded > 0 ? <strong> {t('content.plusPoints', { count: c.pointsAwarded })}</strong> : null}
          </p>
        ))}
        <p className="sf-celebrate__balance">{t('content.balance', { count: answer.balance })}</p>
      </div>
      <button type="button" className="sf-celebrate__close" onClick={onClose} aria-label={t('content.close')}>
        <CloseOutline />
      </button>
    </div>
  );
}

function NextLessonBar({ course, contentId }: { course: CourseDetail; contentId: string }) {
  const { t } = useTranslation();
  const next = lessonAfter(course, 'content', contentId);
  const total = course.lessons.length;
  const index = [...course.lessons].sort((a, b) => a.position - b.position).findIndex((l) => l.item?.id === contentId);
  return (
    <div className="sf-next-bar" data-testid="next-bar">
      <Link to={`/learning/course/${encodeURIComponent(course.id)}`} className="sf-next-bar__course">
        <span className="sf-next-bar__label">{index >= 0 ? t('course.lessonOf', { n: index + 1, total }) : t('course.course')}</span>
        <span className="sf-next-bar__title">{course.title}</span>
      </Link>
      {next ? (
        <Link to={lessonHref(next, course.id)} className="sf-next-bar__next" data-testid="next-lesson">
          {t('content.nextLesson')}
          <RightOutline aria-hidden="true" />
        </Link>
      ) : (
        <Link to={`/learning/course/${encodeURIComponent(course.id)}`} className="sf-next-bar__next" data-testid="next-lesson">
          {t('content.backToCourse')}
        </Link>
      )}
    </div>
  );
}

export function ContentPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [sp] = useSearchParams();
  const courseId = sp.get('course');
  const { data: content, isLoading, error, refetch } = useContent(id);
  const { data: course } = useCourse(courseId);
  const initial = content
    ? { percent: content.progress?.percent ?? 0, position: content.progress?.position ?? 0, seen: content.progress?.seen, completed: !!content.progress?.completedAt }
    : null;
  const { report, remember, celebration, dismiss, pending } = useContentProgress(content ? id : '', initial);
  const completed = !!content?.progress?.completedAt;

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' as ScrollBehavior });
  }, [id]);

  return (
    <div className={`sf-page sf-lesson${course ? ' sf-lesson--in-course' : ''}`} data-testid="content-page" data-kind={content?.kind}>
      <BackBar fallback={courseId ? `/learning/course/${encodeURIComponent(courseId)}` : '/learning'} title={course?.title ?? undefined} />
      {isLoading ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : error || !content ? (
        <LoadError error={error} retry={() => void refetch()} />
      ) : (
        <>
          <header className="sf-lesson__header">
            <LessonHeading item={content} earned={completed}>
              {completed ? (
                <span className="sf-lesson__done" data-testid="content-completed"><CheckCircleFill aria-hidden="true" /> {t('lcard.completed')}</span>
              ) : null}
            </LessonHeading>
            <div className="sf-lesson__progress" data-testid="content-progress" data-percent={content.progress?.percent ?? 0} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={content.progress?.percent ?? 0} aria-label={t('content.progress')}>
              <span style={{ width: `${content.progress?.percent ?? 0}%` }} />
            </div>
          </header>
          {content.kind === 'video' ? (
            <VideoBody content={content} report={report} remember={remember} />
          ) : content.kind === 'pdf' ? (
            <PdfBody content={content} report={report} remember={remember} />
          ) : content.kind === 'images' ? (
            <ImagesBody content={content} report={report} />
          ) : content.kind === 'link' ? (
            <LinkBody content={content} report={report} />
          ) : (
            <ArticleBody content={content} report={report} remember={remember} />
          )}
          {completed ? <RatingEntry type="content" id={content.id} /> : <CompletionNote pending={pending} />}
          {content.tags.length ? (
            <ul className="sf-lesson__tags" aria-label={t('content.tags')}>
              {content.tags.map((tag) => (
                <li key={tag}><Link to={`/learning/search?q=${encodeURIComponent(tag)}`} className="sf-chip">#{tag}</Link></li>
              ))}
            </ul>
          ) : null}
          {!course && content.courses.length ? (
            <section className="sf-lesson__courses">
              <h2 className="sf-lesson__courses-title">{t('content.partOf')}</h2>
              {content.courses.map((c) => (
                <Link key={c.id} to={`/learning/course/${encodeURIComponent(c.id)}`} className="sf-lesson__course-link">
                  {c.title}
                  <RightOutline aria-hidden="true" />
                </Link>
              ))}
            </section>
          ) : null}
          {course ? <NextLessonBar course={course} contentId={id} /> : null}
        </>
      )}
      <Celebration answer={celebration} onClose={dismiss} />
    </div>
  );
}

export default ContentPage;
