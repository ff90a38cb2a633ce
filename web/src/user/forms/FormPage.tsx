// One form (/club/forms/:id, its own lazy chunk): every question on one scrolling page, errors under each
// field (the server's per-question codes, translated), then a "sent" state — with "submit another" when the
// form takes many submissions per person.
import './i18n';
import '../../components/questions/i18n';
import '../../components/questions/questions.css';
import './forms.css';
import { Button, Skeleton } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { ClubHeader } from '../../components/ClubParts';
import { FormField } from './FormField';
import { missingRequired } from './logic';
import { useForm, useSubmitForm } from './api';
import type { FormValue, FormValues } from './types';

export function FormPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { data, isLoading, isError, error, refetch } = useForm(id);
  const form = data?.form;
  const submit = useSubmitForm(id);
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<{ canSubmit: boolean } | null>(null);

  const back = <ClubHeader title={form?.title ?? t('forms.title')} to="/club/forms" backLabel={t('forms.title')} />;
  const page = (children: React.ReactNode) => (
    <div className="sf-page sf-club-page sf-form-page">
      {back}
      {children}
    </div>
  );
  if (isError) {
    const missing = error instanceof ApiError && error.status === 404;
    return page(
      <div className="sf-card sf-card--error" role="alert">
        {t(missing ? 'forms.missing' : 'forms.loadError')}
        {missing ? null : <button type="button" className="sf-link-button" onClick={() => void refetch()}>{t('common.retry')}</button>}
      </div>,
    );
  }
  if (isLoading || !form) return page(<div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={8} animated /></div>);

  const again = () => {
    setValues({});
    setErrors({});
    setSent(null);
    window.scrollTo({ top: 0 });
  };
  if (sent || !form.canSubmit) {
    const canSubmit = sent ? sent.canSubmit : form.canSubmit;
    return page(
      <div className="sf-card sf-survey-done" data-testid="form-done">
        <CheckCircleFill className="sf-survey-done__icon" aria-hidden="true" />
        <h2>{t(sent ? 'forms.sent' : 'forms.alreadySent')}</h2>
        <p>{t(canSubmit ? 'forms.sentMany' : 'forms.sentOnce')}</p>
        {canSubmit ? <Button color="primary" onClick={again} data-testid="form-again">{t('forms.again')}</Button> : null}
      </div>,
    );
  }

  const set = (qid: string, v: FormValue | undefined) => {
    setValues((cur) => {
      const next = { ...cur };
      if (v === undefined) delete next[qid];
      else next[qid] = v;
      return next;
    });
    setErrors(({ [qid]: _, ...rest }) => rest);
  };
  const focusFirst = (ids: string[]) => {
    const first = form.questions.find((q) => ids.includes(q.id));
    if (first) document.querySelector(`[data-question-id="${first.id}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };
  const send = () => {
    const missing = missingRequired(form.questions, values);
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((q) => [q, t('forms.requiredError')])));
      focusFirst(missing);
      return;
    }
    submit.mutate(
      { questions: form.questions, values },
      {
        onSuccess: (r) => {
          setSent({ canSubmit: r.canSubmit });
          window.scrollTo({ top: 0 });
        },
        onError: (e) => {
          if (e instanceof ApiError && Object.keys(e.fields).length) {
            setErrors(e.fields);
            focusFirst(Object.keys(e.fields));
          } else {
            notify.error(e instanceof ApiError && !e.isNetwork && e.message ? e.message : t('forms.sendError'), `form-${id}`);
            if (e instanceof ApiError && e.status === 409) void refetch();
          }
        },
      },
    );
  };
  return page(
    <>
      {form.description || form.mySubmissions ? (
        <div className="sf-card sf-form-intro">
          {form.description ? <p>{form.description}</p> : null}
          {form.mySubmissions ? <p className="sf-form-field__help">{t('forms.mine', { count: form.mySubmissions })}</p> : null}
        </div>
      ) : null}
      {form.questions.length === 0 ? <div className="sf-card">{t('forms.noQuestions')}</div> : null}
      {form.questions.map((q) => (
        <FormField
          key={q.id}
          formId={form.id}
          q={q}
          value={values[q.id]}
          error={errors[q.id]}
          onChange={(v) => set(q.id, v)}
          onError={(m) => setErrors(({ [q.id]: _, ...rest }) => (m ? { ...rest, [q.id]: m } : rest))}
        />
      ))}
      <div className="sf-form-submit">
        <Button block color="primary" size="large" loading={submit.isPending} onClick={send} disabled={!form.questions.length} data-testid="form-submit">
          {t('forms.submit')}
        </Button>
      </div>
    </>,
  );
}

export default FormPage;
