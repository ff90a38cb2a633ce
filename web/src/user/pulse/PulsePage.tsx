// /pulsesurvey (shell-less, its own lazy chunk): this period's pulse questions one per screen with the
// surveys' big tap targets, sent once (POST /api/pulses/:id/responses), then a thank-you with the latest
// "you said, we did" updates. Already answered this period: "see you next week/month" with the updates.
import './i18n';
import '../../components/questions/questions.css';
import './pulse.css';
import { Button, ProgressBar, Skeleton } from 'antd-mobile';
import { CheckCircleFill, CloseOutline, SmileOutline } from 'antd-mobile-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { formatDate, localeTag } from '../../lib/format';
import { ButtonLink } from '../../components/ButtonLink';
import { QuestionBody } from '../../components/questions/QuestionStep';
import { answersToSend, canGoOn } from '../../lib/surveys/logic';
import type { AnswerValue, Answers, SurveyQuestion } from '../../lib/surveys/types';
import { pulsesKey, usePulses } from './api';
import { periodText, waiting } from './logic';
import type { PulseItem, PulseUpdate } from './types';
import { LoadError } from '../../components/LoadError';

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="sf-pulse">
      <header className="sf-pulse__bar">
        <span className="sf-pulse__title">{title}</span>
        <Link to="/main" className="sf-pulse__close" aria-label={t('pulse.close')} data-testid="pulse-close"><CloseOutline /></Link>
      </header>
      <main className="sf-pulse__body">{children}</main>
    </div>
  );
}

/** "from the week of 26 Oct – 1 Nov 2026" / "จากรอบสัปดาห์ 26 ต.ค. – 1 พ.ย. 2569": the dates, never the key. */
function fromPeriod(t: (k: string, o?: Record<string, string>) => string, key: string): string {
  const p = periodText(key, localeTag());
  return p ? t(p.kind === 'week' ? 'pulse.updateWeek' : 'pulse.updateMonth', { period: p.text }) : '';
}

export function PulseUpdates({ updates }: { updates: PulseUpdate[] }) {
  const { t } = useTranslation();
  return (
    <section className="sf-pulse-updates" aria-labelledby="pulse-updates-title" data-testid="pulse-updates">
      <h2 id="pulse-updates-title" className="sf-pulse-updates__title">{t('pulse.updatesTitle')}</h2>
      {updates.length === 0 ? <p className="sf-pulse-updates__empty">{t('pulse.updatesEmpty')}</p> : null}
      <ul className="sf-pulse-updates__list">
        {updates.map((u) => (
          <li key={u.id} className="sf-pulse-update" data-testid="pulse-update">
            <p className="sf-pulse-update__about">{t('pulse.updateAbout', { question: u.questionText })}</p>
            <p className="sf-pulse-update__text">{u.text}</p>
            <p className="sf-pulse-update__meta">
              {u.pulseTitle}
              {u.period && fromPeriod(t, u.period) ? ` · ${fromPeriod(t, u.period)}` : ''} · {formatDate(u.publishedAt)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Questions({ pulse, onSent }: { pulse: PulseItem; onSent: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [answers, setAnswers] = useState<Answers>({});
  const [at, setAt] = useState(0);
  const send = useMutation({
    mutationFn: (a: Answers) => api(`/api/pulses/${encodeURIComponent(pulse.id)}/responses`, { method: 'POST', body: { answers: answersToSend(a) } }),
    onSuccess: onSent,
    onError: (e) => notify.error(e instanceof ApiError && e.message ? e.message : t('pulse.sendError'), `pulse-${pulse.id}`),
    onSettled: () => void client.invalidateQueries({ queryKey: pulsesKey }),
  });
  const steps: SurveyQuestion[] = pulse.questions.map((q) => ({ ...q, maxChoices: null }));
  const q = steps[Math.min(at, steps.length - 1)]!;
  const last = at >= steps.length - 1;
  const value = answers[q.id];
  return (
    <>
      <div className="sf-survey-step sf-pulse-step" data-testid="pulse-step" data-step={at + 1} data-question-id={q.id} data-kind={q.kind}>
        <ProgressBar percent={Math.round(((at + 1) * 100) / steps.length)} aria-hidden="true" />
        <p className="sf-survey-step__count" aria-live="polite">
          {t(pulse.recurrence === 'weekly' ? 'pulse.weekly' : 'pulse.monthly')} · {t('pulse.stepOf', { n: at + 1, total: steps.length })}
          {pulse.anonymous ? ` · ${t('pulse.anonymous')}` : ''}
        </p>
        <QuestionBody heading="h1" q={q} value={value} onChange={(v: AnswerValue) => setAnswers({ ...answers, [q.id]: v })} />
      </div>
      <div className="sf-survey-nav sf-pulse-nav">
        <Button size="large" disabled={at === 0} onClick={() => setAt(at - 1)} data-testid="pulse-back">{t('pulse.back')}</Button>
        <Button
          size="large"
          color="primary"
          disabled={!canGoOn(q, value)}
          loading={send.isPending}
          onClick={() => (last ? send.mutate(answers) : setAt(at + 1))}
          data-testid={last ? 'pulse-submit' : 'pulse-next'}
        >
          {last ? t('pulse.submit') : t('pulse.next')}
        </Button>
      </div>
    </>
  );
}

export function PulsePage() {
  const { t } = useTranslation();
  // /pulsesurvey: the first pulse waiting for me; /pulsesurvey/:id: that one (a link from a notice or Home).
  const only = useParams()['*'] || '';
  const { data, isLoading, isError, refetch } = usePulses();
  // The pulse just sent (its thank-you stays until the person moves on), and one opened after it.
  const [sent, setSent] = useState<PulseItem | null>(null);
  // Pulses sent from this page: never offered again while the list refetches.
  const [sentIds, setSentIds] = useState<string[]>([]);
  if (isError) {
    return (
      <Frame title={t('pulse.title')}>
        <LoadError text={t('pulse.loadError')} onRetry={() => void refetch()} />
      </Frame>
    );
  }
  if (isLoading || !data) {
    return (
      <Frame title={t('pulse.title')}>
        <div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={6} animated /></div>
      </Frame>
    );
  }
  const items = only ? data.items.filter((p) => p.id === only) : data.items;
  const next = waiting(items.filter((p) => !sentIds.includes(p.id)));
  const home = <ButtonLink to="/main" size="large" block className="sf-pulse__home" testId="pulse-home">{t('pulse.home')}</ButtonLink>;
  if (sent) {
    const after = waiting(items.filter((p) => p.id !== sent.id && !sentIds.includes(p.id)));
    return (
      <Frame title={sent.title}>
        <div className="sf-card sf-survey-done" data-testid="pulse-thanks">
          <CheckCircleFill className="sf-survey-done__icon" aria-hidden="true" />
          <h1>{t('pulse.thanks')}</h1>
          <p>{t('pulse.thanksBody')}</p>
        </div>
        <PulseUpdates updates={data.updates} />
        {after ? <Button block size="large" color="primary" onClick={() => setSent(null)} data-testid="pulse-next-pulse">{t('pulse.nextPulse')}</Button> : null}
        {home}
      </Frame>
    );
  }
  if (next) return <Frame title={next.title}><Questions key={next.id + next.period} pulse={next} onSent={() => { setSent(next); setSentIds([...sentIds, next.id]); }} /></Frame>;
  const done = items.find((p) => p.answered);
  return (
    <Frame title={done?.title ?? t('pulse.title')}>
      <div className="sf-card sf-survey-done" data-testid={done ? 'pulse-answered' : 'pulse-nothing'}>
        <SmileOutline className="sf-survey-done__icon" aria-hidden="true" />
        <h1>{done ? t(done.recurrence === 'weekly' ? 'pulse.seeYouWeekly' : 'pulse.seeYouMonthly') : t('pulse.nothingTitle')}</h1>
        <p>{done ? t('pulse.doneBody', { date: formatDate(done.periodEndsAt) }) : t('pulse.nothingBody')}</p>
      </div>
      <PulseUpdates updates={data.updates} />
      {home}
    </Frame>
  );
}

export default PulsePage;
