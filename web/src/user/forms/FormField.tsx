// One question of a form on a phone: the survey's own inputs for choices and texts (QuestionInput), a number
// picked from a row of buttons when its bounds allow only a few whole values (ScaleInput), else an antd-mobile
// number field, a date picker, and a file picker that uploads at once with its progress.
import { Button, DatePicker, Input, ProgressBar } from 'antd-mobile';
import { CloseCircleFill, FileOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { QuestionInput } from '../../components/questions/QuestionInput';
import { ScaleInput } from '../../components/questions/ScaleInput';
import type { SurveyQuestion } from '../../lib/surveys/types';
import { FILE_ACCEPT, FILE_MAX_BYTES, isUploaded, pickableRange } from './logic';
import { uploadFormFile } from './api';
import type { FormQuestion, FormValue } from './types';

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

function DateField({ q, value, onChange }: { q: FormQuestion; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const now = new Date();
  return (
    <>
      <button type="button" className={`sf-form-pick ${value ? '' : 'is-empty'}`} onClick={() => setOpen(true)} aria-label={q.text} data-testid="form-date">
        {value || t('forms.pickDate')}
      </button>
      <DatePicker
        visible={open}
        onClose={() => setOpen(false)}
        precision="day"
        title={q.text}
        confirmText={t('forms.ok')}
        cancelText={t('forms.cancel')}
        min={new Date(now.getFullYear() - 5, 0, 1)}
        max={new Date(now.getFullYear() + 5, 11, 31)}
        value={value ? new Date(`${value}T00:00:00`) : now}
        onConfirm={(d) => onChange(day(d))}
      />
    </>
  );
}

function FileField({ formId, q, value, onChange, onError }: { formId: string; q: FormQuestion; value: FormValue | undefined; onChange: (v: FormValue | undefined) => void; onError: (message: string | null) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    onError(null);
    if (file.size > FILE_MAX_BYTES) {
      onError(t('forms.tooLarge'));
      return;
    }
    setProgress(0);
    try {
      onChange(await uploadFormFile(formId, file, setProgress));
    } catch (e) {
      onError(e instanceof ApiError ? (e.isNetwork ? t('forms.network') : e.fields.file || e.message) : t('forms.uploadError'));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="sf-form-file">
      <input ref={input} type="file" accept={FILE_ACCEPT} hidden onChange={(e) => void pick(e.target.files?.[0])} aria-label={q.text} data-testid="form-file-input" />
      {isUploaded(value) ? (
        <div className="sf-form-file__chosen" data-testid="form-file-chosen">
          <FileOutline aria-hidden="true" />
          <span className="sf-form-file__name">{value.name}</span>
          <button type="button" className="sf-form-file__remove" onClick={() => onChange(undefined)} aria-label={t('forms.removeFile')}>
            <CloseCircleFill />
          </button>
        </div>
      ) : progress !== null ? (
        <div className="sf-form-file__progress" aria-live="polite">
          <span>{t('forms.uploading', { percent: progress })}</span>
          <ProgressBar percent={progress} />
        </div>
      ) : (
        <Button block fill="outline" onClick={() => input.current?.click()} data-testid="form-file-pick">
          {t('forms.chooseFile')}
        </Button>
      )}
      <p className="sf-form-field__help">{t('forms.fileHint')}</p>
    </div>
  );
}

export function FormField({
  formId,
  q,
  value,
  error,
  onChange,
  onError,
}: {
  formId: string;
  q: FormQuestion;
  value: FormValue | undefined;
  error: string | undefined;
  onChange: (v: FormValue | undefined) => void;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  const range = pickableRange(q);
  const bounds =
    q.kind === 'number' && (q.minValue !== null || q.maxValue !== null)
      ? q.minValue !== null && q.maxValue !== null
        ? t('forms.between', { min: q.minValue, max: q.maxValue })
        : q.minValue !== null
          ? t('forms.atLeast', { min: q.minValue })
          : t('forms.atMost', { max: q.maxValue })
      : null;
  return (
    <section className={`sf-card sf-form-field ${error ? 'has-error' : ''}`} data-testid="form-field" data-question-id={q.id} data-kind={q.kind}>
      <h3 className="sf-form-field__label">
        {q.text}
        {q.required ? <span className="sf-form-field__required" aria-label={t('forms.required')}> *</span> : null}
      </h3>
      {q.help ? <p className="sf-form-field__help">{q.help}</p> : null}
      {range ? (
        <ScaleInput from={range[0]} to={range[1]} label={q.text} value={text === '' ? undefined : Number(text)} onChange={(n) => onChange(String(n))} />
      ) : q.kind === 'number' ? (
        <>
          <Input type="number" inputMode="decimal" value={text} onChange={onChange} placeholder={t('forms.typeNumber')} aria-label={q.text} data-testid="form-number" />
          {bounds ? <p className="sf-form-field__help">{bounds}</p> : null}
        </>
      ) : q.kind === 'date' ? (
        <DateField q={q} value={text} onChange={onChange} />
      ) : q.kind === 'file' ? (
        <FileField formId={formId} q={q} value={value} onChange={onChange} onError={onError} />
      ) : (
        <QuestionInput q={q as unknown as SurveyQuestion} value={isUploaded(value) ? undefined : value} onChange={onChange} />
      )}
      {error ? <p className="sf-form-field__error" role="alert" data-testid="form-field-error">{error}</p> : null}
    </section>
  );
}
