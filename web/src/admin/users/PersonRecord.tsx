// What HR asks about one person, at the top of their drawer in Users: their learning (courses done, in
// progress, overdue, each mandatory course with its due date), their points (balance and points earned) and
// their badges. One read: GET /api/admin/users/:id/record (docs/API.md "Users").
import { useQuery } from '@tanstack/react-query';
import { Alert, Progress, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { formatDate, formatNumber } from '../../lib/format';
import { ThumbImage } from '../resources/ClubThumb';

export interface RecordCourse {
  id: string;
  title: string;
  state: 'completed' | 'inProgress' | 'notStarted';
  mandatory: boolean;
  overdue: boolean;
  dueAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  completedLessons: number;
  totalLessons: number;
  percent: number;
}

export interface PersonRecordAnswer {
  learning: {
    completed: number;
    inProgress: number;
    overdue: number;
    mandatory: number;
    contentsCompleted: number;
    examsPassed: number;
    courses: RecordCourse[];
  };
  points: { balance: number; earned: number };
  badges: { badge: { id: string; name: string; image: { url: string } | null }; awardedAt: string }[];
}

export function usePersonRecord(userId: string) {
  return useQuery({
    queryKey: ['admin', 'users', userId, 'record'],
    queryFn: ({ signal }) => api<PersonRecordAnswer>(`/api/admin/users/${encodeURIComponent(userId)}/record`, { signal }),
    staleTime: 30_000,
  });
}

function Figure({ label, value, tone, testId }: { label: string; value: number; tone?: 'danger' | 'success'; testId: string }) {
  return (
    <div className={`sf-record__figure${tone ? ` is-${tone}` : ''}`} data-testid={testId} data-value={value}>
      <span className="sf-record__value">{formatNumber(value)}</span>
      <span className="sf-record__label">{label}</span>
    </div>
  );
}

function CourseLine({ course }: { course: RecordCourse }) {
  const { t } = useTranslation();
  const when = course.completedAt
    ? t('users.record.completedOn', { date: formatDate(course.completedAt) })
    : course.dueAt
      ? t('users.record.dueOn', { date: formatDate(course.dueAt) })
      : course.mandatory
        ? t('users.record.noDue')
        : '';
  return (
    <li className="sf-record__course" data-testid="record-course" data-state={course.state} data-overdue={course.overdue}>
      <div className="sf-record__course-head">
        <Typography.Text className="sf-record__course-title" ellipsis={{ tooltip: course.title }}>{course.title}</Typography.Text>
        {course.overdue ? <Tag color="red">{t('users.record.overdueTag')}</Tag> : null}
        {course.mandatory && !course.overdue ? <Tag color="blue">{t('users.record.mandatoryTag')}</Tag> : null}
        <Tag color={course.state === 'completed' ? 'green' : course.state === 'inProgress' ? 'gold' : 'default'}>{t(`users.record.state.${course.state}`)}</Tag>
      </div>
      <div className="sf-record__course-meta">
        <Progress percent={course.percent} size="small" showInfo={false} status={course.overdue ? 'exception' : course.state === 'completed' ? 'success' : 'active'} />
        <span className="sf-record__lessons">{t('users.record.lessons', { done: course.completedLessons, total: course.totalLessons })}</span>
        {when ? <span className={course.overdue ? 'sf-record__late' : 'sf-record__when'}>{when}</span> : null}
      </div>
    </li>
  );
}

export function PersonRecord({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const q = usePersonRecord(userId);
  if (q.isError) return <Alert type="error" showIcon className="sf-record" message={t('users.record.loadError')} />;
  if (!q.data) return <Skeleton active className="sf-record" paragraph={{ rows: 5 }} />;
  const { learning, points, badges } = q.data;
  return (
    <section className="sf-record" data-testid="person-record" aria-label={t('users.record.title')}>
      <h3 className="sf-record__heading">{t('users.record.learning')}</h3>
      <div className="sf-record__figures">
        <Figure label={t('users.record.completed')} value={learning.completed} tone="success" testId="record-completed" />
        <Figure label={t('users.record.inProgress')} value={learning.inProgress} testId="record-in-progress" />
        <Figure label={t('users.record.overdue')} value={learning.overdue} tone={learning.overdue ? 'danger' : undefined} testId="record-overdue" />
        <Figure label={t('users.record.mandatory')} value={learning.mandatory} testId="record-mandatory" />
      </div>
      <p className="sf-record__also">{t('users.record.also', { contents: formatNumber(learning.contentsCompleted), exams: formatNumber(learning.examsPassed) })}</p>
      {learning.courses.length ? (
        <ul className="sf-record__courses">
          {learning.courses.map((c) => (
            <CourseLine key={c.id} course={c} />
          ))}
        </ul>
      ) : (
        <p className="sf-record__none">{t('users.record.noCourses')}</p>
      )}

      <h3 className="sf-record__heading">{t('users.record.points')}</h3>
      <div className="sf-record__figures">
        <Figure label={t('users.record.balance')} value={points.balance} testId="record-balance" />
        <Figure label={t('users.record.earned')} value={points.earned} testId="record-earned" />
      </div>

      <h3 className="sf-record__heading">{t('users.record.badges', { count: badges.length })}</h3>
      {badges.length ? (
        <ul className="sf-record__badges">
          {badges.map((b) => (
            <li key={b.badge.id} className="sf-record__badge" data-testid="record-badge" title={t('users.record.awardedOn', { date: formatDate(b.awardedAt) })}>
              <ThumbImage url={b.badge.image?.url} size={40} />
              <span>{b.badge.name}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="sf-record__none">{t('users.record.noBadges')}</p>
      )}
    </section>
  );
}
