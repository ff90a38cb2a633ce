// A course (/learning/course/:id): cover, description, progress, due date of a mandatory course, the
// numbered lessons (the next one highlighted) and a start / continue button.
import { Button, Skeleton } from 'antd-mobile';
import { CheckCircleFill, ExclamationCircleFill, RightOutline, StarFill } from 'antd-mobile-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ColumnImage } from '../../lib/image';
import { startCourse, useCourse, useInvalidateLearning } from './api';
import { badgeKey, kindIcon } from './LearningCard';
import { dueState, formatDate, lessonHref, nextLesson } from './logic';
import { BackBar, LessonHeading, LoadError } from './parts';
import { RatingEntry } from '../../components/rating/RatingEntry';
import './learning.css';

export function CoursePage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const invalidate = useInvalidateLearning();
  const { data: course, isLoading, error, refetch } = useCourse(id);
  const start = useMutation({
    mutationFn: () => startCourse(id),
    onSuccess: () => invalidate(),
  });

  if (isLoading)
    return (
      <div className="sf-page sf-course">
        <BackBar fallback="/learning" />
        <Skeleton animated className="sf-course__cover-skeleton" />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (error || !course)
    return (
      <div className="sf-page sf-course">
        <BackBar fallback="/learning" />
        <LoadError error={error} retry={() => void refetch()} />
      </div>
    );

  const lessons = [...course.lessons].sort((a, b) => a.position - b.position);
  const next = nextLesson(course);
  const p = course.progress;
  const percent = p?.percent ?? 0;
  const completed = !!p?.completedAt;
  const started = !!p?.startedAt;
  const dueAt = course.mandatory?.dueAt ?? course.dueAt ?? null;
  const due = completed ? null : dueState(dueAt, Date.now());

  const go = async () => {
    if (!started) {
      try {
        await start.mutateAsync();
      } catch {
        return;
      }
    }
    const target = next ?? lessons[0];
    if (target) navigate(lessonHref(target, course.id));
  };

  return (
    <div className="sf-page sf-course" data-testid="course-page">
      <BackBar fallback="/learning" />
      <div className="sf-course__cover">
        {course.cover && course.cover.kind === 'image' ? (
          <ColumnImage media={course.cover} priority />
        ) : (
          <span className="sf-lcard__placeholder sf-lcard__placeholder--course" aria-hidden="true">{kindIcon(course)}</span>
        )}
      </div>
      <header className="sf-course__header">
        <LessonHeading item={course} earned={completed}>
          <span className="sf-lesson__duration">{t('course.lessonCount', { count: lessons.length })}</span>
        </LessonHeading>
      </header>

      {course.mandatory ? (
        <div className={`sf-course__due sf-course__due--${due ?? 'done'}`} data-testid="course-due">
          <ExclamationCircleFill aria-hidden="true" />
          <span>
            {completed
              ? t('course.mandatoryDone')
              : dueAt
                ? due === 'overdue'
                  ? t('course.overdueSince', { date: formatDate(dueAt, i18n.language) })
                  : t('course.dueOn', { date: formatDate(dueAt, i18n.language) })
                : t('course.mandatory')}
          </span>
        </div>
      ) : null}

      {completed ? (
        <div className="sf-course__banner" role="status" data-testid="course-completed">
          <CheckCircleFill aria-hidden="true" />
          <div>
            <p className="sf-course__banner-title">{t('course.completedTitle')}</p>
            <p className="sf-course__banner-body">
              {p?.completedAt ? t('course.completedOn', { date: formatDate(p.completedAt, i18n.language) }) : null}
              {course.points ? <> · <StarFill aria-hidden="true" /> {t('content.pointsEarned', { count: course.points })}</> : null}
            </p>
          </div>
        </div>
      ) : null}
      {completed ? <RatingEntry type="course" id={course.id} /> : (
        <section className="sf-course__progress" aria-label={t('course.progress')}>
          <span className="sf-ring" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('course.progress')} data-testid="course-progress" data-percent={percent}>
            <svg viewBox="0 0 36 36" aria-hidden="true">
              <circle className="sf-ring__track" cx="18" cy="18" r="15.9155" fill="none" strokeWidth="3.2" />
              <circle className="sf-ring__fill" cx="18" cy="18" r="15.9155" fill="none" strokeWidth="3.2" strokeLinecap="round" strokeDasharray="100 100" strokeDashoffset={100 - percent} />
            </svg>
            <span className="sf-course__percent">{percent}%</span>
          </span>
          <div className="sf-course__progress-text">
            <p className="sf-course__progress-title">{t('course.lessonsDone', { done: p?.completedLessons ?? 0, total: p?.totalLessons ?? lessons.length })}</p>
            {next ? <p className="sf-course__progress-next">{t('course.upNext', { title: next.title || next.item?.title })}</p> : null}
          </div>
        </section>
      )}

      {!completed && lessons.length ? (
        <Button block color="primary" size="large" className="sf-course__go" loading={start.isPending} onClick={() => void go()} data-testid="course-start">
          {started ? t('course.continue') : t('course.start')}
        </Button>
      ) : null}
      {start.isError ? <p className="sf-lerror" role="alert">{t('course.startError')}</p> : null}

      {course.descriptionHtml ? (
        <section aria-labelledby="course-about">
          <h2 id="course-about" className="sf-course__section-title">{t('course.about')}</h2>
          <div className="sf-prose sf-prose--compact" dangerouslySetInnerHTML={{ __html: course.descriptionHtml }} />
        </section>
      ) : course.summary ? (
        <p className="sf-lesson__summary">{course.summary}</p>
      ) : null}

      <section aria-labelledby="course-lessons">
        <h2 id="course-lessons" className="sf-course__section-title">{t('course.lessons')}</h2>
        {lessons.length ? (
          <ol className="sf-lessons">
            {lessons.map((l, i) => {
              const isNext = !completed && next?.id === l.id;
              return (
                <li key={l.id}>
                  <Link
                    to={lessonHref(l, course.id)}
                    className={`sf-lessons__row${l.completed ? ' sf-lessons__row--done' : ''}${isNext ? ' sf-lessons__row--next' : ''}`}
                    data-testid={`lesson-${l.item?.id ?? l.id}`}
                    data-completed={l.completed ? 'true' : 'false'}
                    aria-current={isNext ? 'step' : undefined}
                  >
                    <span className="sf-lessons__num" aria-hidden="true">{l.completed ? <CheckCircleFill /> : i + 1}</span>
                    <span className="sf-lessons__text">
                      <span className="sf-lessons__title">{l.title || l.item?.title}</span>
                      <span className="sf-lessons__meta">
                        {l.item ? kindIcon(l.item) : null} {l.item ? t(badgeKey(l.item)) : t(`lcard.type.${l.kind}`)}
                        {l.item?.durationMinutes ? ` · ${t('lcard.minutes', { count: l.item.durationMinutes })}` : ''}
                        {isNext ? <span className="sf-lessons__next-tag">{t('course.next')}</span> : null}
                      </span>
                    </span>
                    <span className="sf-visually-hidden">{l.completed ? t('lcard.completed') : t('course.notDone')}</span>
                    <RightOutline className="sf-lessons__chevron" aria-hidden="true" />
                  </Link>
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="sf-card-row__empty">{t('course.noLessons')}</p>
        )}
      </section>
    </div>
  );
}

export default CoursePage;
