// An examination's own screen: its settings, publish / archive, preview, and the question bank (add / edit
// questions with their choices, reorder by drag, remove). Server 422 field errors land on their inputs.
import { CheckCircleFilled, DeleteOutlined, EditOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Descriptions, Empty, Form, Input, InputNumber, Modal, Radio, Skeleton, Space, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { AdminPageHeader, MissingItemPage } from '../resources/AreaPage';
import { createItem, updateItem, useInvalidateResource } from '../resources/data';
import { EditDialog, useItemDetail } from '../resources/ItemDetail';
import { FieldValue } from '../resources/fields';
import { formatDateTime, useLocale } from '../resources/format';
import type { ResourceFormProps } from '../resources/ResourceForm';
import { labelOf, type Item } from '../resources/schema';
import type { AdminPage } from '../resources/pages';
import { PreviewButton, PreviewDrawer } from './common';
import { useOrderedChildren } from '../resources/ordering';
import { DeleteConfirm, StatusActions } from '../resources/publishing';
import { examForm } from './LearningLists';
import {
  MAX_CHOICES,
  addChoice,
  changeKind,
  choiceProblems,
  fieldOfServerError,
  newChoiceId,
  removeChoice,
  toggleCorrect,
  type Choice,
  type QuestionDraft,
  type QuestionKind,
} from './logic';
import { OrderedList } from '../resources/OrderedChildrenCard';
import { DetailSummary } from '../resources/DetailSummary';

const SETTINGS = ['drawMode', 'drawCount', 'shuffleQuestions', 'shuffleChoices', 'timeLimitSeconds', 'passPercent', 'maxAttempts', 'points', 'showExplanations', 'showAnswers', 'startAt', 'endAt'];

/** Time limits are kept in seconds and edited in minutes. */
function MinutesInput({ value, onChange, disabled, id }: { value?: number | null; onChange?: (v: number | null) => void; disabled?: boolean; id?: string }) {
  const { t } = useTranslation();
  return (
    <InputNumber
      id={id}
      disabled={disabled}
      min={1}
      max={240}
      precision={0}
      value={value ? Math.round(value / 60) : null}
      onChange={(m) => onChange?.(m ? Number(m) * 60 : null)}
      addonAfter={t('examEditor.minutes')}
      placeholder={t('examEditor.noLimit')}
      style={{ width: '100%' }}
    />
  );
}

const settingsForm: Pick<ResourceFormProps, 'visibleFields' | 'renderInput'> = {
  ...examForm,
  renderInput: (f, { disabled }) => (f.name === 'timeLimitSeconds' ? <MinutesInput disabled={disabled} /> : undefined),
};

export function ExamEditor({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const invalidate = useInvalidateResource();
  const detail = useItemDetail('examinations', t('admin.menu.examinations'));
  const { id, schema: exams, item: e, setEditing } = detail;
  const questions = useOrderedChildren({
    resource: 'exam-questions',
    filters: { exam: id },
    orderUrl: `/api/admin/examinations/${encodeURIComponent(id)}/questions/order`,
    savedText: t('examEditor.orderSaved'),
  });
  const { order, saving } = questions;
  const [question, setQuestion] = useState<Item | 'new' | undefined>();
  const [preview, setPreview] = useState(false);

  const refresh = () => {
    void invalidate('exam-questions');
    detail.refresh();
  };

  const fieldOf = (name: string) => exams.resource?.fields.find((f) => f.name === name);
  const totalPoints = order.reduce((s, q) => s + Number(q.points ?? 1), 0);

  if (detail.query.isError) return <MissingItemPage page={page} title={t('admin.menu.examinations')} backTo="/admin/examinations" backText={t('examEditor.back')} />;

  const settingValue = (name: string) => {
    const f = fieldOf(name);
    if (!f || !e) return null;
    if (name === 'timeLimitSeconds') return e[name] ? t('examEditor.minutesN', { count: Math.round(Number(e[name]) / 60) }) : t('examEditor.noLimit');
    if (name === 'passPercent') return `${Number(e[name] ?? 0)}%`;
    if (name === 'maxAttempts' && !e[name]) return t('examEditor.unlimited');
    if (name === 'drawCount' && e.drawMode !== 'random') return null;
    return <FieldValue field={f} value={e[name]} />;
  };

  return (
    <div className="sf-admin-page sf-learn-editor">
      <AdminPageHeader page={page} parent={{ title: t('admin.menu.examinations'), to: '/admin/examinations' }} title={e ? String(e.title) : t('admin.menu.examinations')} />
      <DetailSummary
        block="sf-learn-editor"
        resource={exams.resource}
        item={e}
        backTo="/admin/examinations"
        backText={t('examEditor.back')}
        thumb={null}
        facts={
          <>
            <span className="sf-res__muted">{t('examEditor.questionCount', { count: order.length })}</span>
            <span className="sf-res__muted">{t('galleries.updated', { time: formatDateTime(e?.updatedAt, locale) })}</span>
          </>
        }
        actions={
          e ? (
            <>
              <PreviewButton text title={String(e.title)} onClick={() => setPreview(true)} />
              <StatusActions resource="examinations" item={e} title={String(e.title)} size="middle" text />
            </>
          ) : null
        }
      />

      <div className="sf-exam-editor">
        <Card
          className="sf-admin-card sf-learn-editor__section sf-exam-editor__settings"
          title={t('examEditor.settings')}
          extra={<Button icon={<SettingOutlined />} onClick={() => setEditing(true)} disabled={!e}>{t('examEditor.editSettings')}</Button>}
        >
          {e ? (
            <Descriptions column={1} size="small" className="sf-exam-editor__facts">
              {SETTINGS.filter((n) => fieldOf(n) && settingValue(n) !== null).map((n) => (
                <Descriptions.Item key={n} label={n === 'timeLimitSeconds' ? t('examEditor.timeLimit') : labelOf(fieldOf(n)!.label, locale)}>{settingValue(n)}</Descriptions.Item>
              ))}
              <Descriptions.Item label={t('examEditor.totalScore')}>{totalPoints}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Skeleton active />
          )}
          {e && e.drawMode === 'random' && Number(e.drawCount ?? 0) > order.length ? (
            <Alert type="warning" showIcon message={t('examEditor.drawTooMany', { count: Number(e.drawCount), have: order.length })} />
          ) : null}
        </Card>

        <Card
          className="sf-admin-card sf-learn-editor__section sf-exam-editor__bank"
          title={<span>{t('examEditor.questions')} {saving ? <Tag color="blue">{t('courseEditor.savingOrder')}</Tag> : null}</span>}
          extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setQuestion('new')}>{t('examEditor.addQuestion')}</Button>}
        >
          <OrderedList
            ordered={questions}
            label={t('examEditor.questions')}
            hint={t('examEditor.dragHint')}
            hintClassName="sf-learn-editor__hint"
            empty={
              <Empty description={t('examEditor.noQuestions')}>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setQuestion('new')}>{t('examEditor.addQuestion')}</Button>
              </Empty>
            }
            renderRow={(q, lead, i) => (
              <div className="sf-question" data-question={String(q.prompt ?? '')}>
                {lead}
                <div className="sf-question__text">
                  <div className="sf-question__prompt">{String(q.prompt ?? '')}</div>
                  <ul className="sf-question__choices">
                    {(Array.isArray(q.choices) ? (q.choices as Choice[]) : []).map((c) => {
                      const ok = Array.isArray(q.correct) && (q.correct as string[]).includes(c.id);
                      return (
                        <li key={c.id} className={ok ? 'is-correct' : undefined}>
                          {ok ? <CheckCircleFilled aria-label={t('examEditor.correct')} /> : <span className="sf-question__dot" aria-hidden="true" />} {c.text}
                        </li>
                      );
                    })}
                  </ul>
                  <Space size={4} className="sf-question__tags">
                    <Tag className="sf-res__tag" color="blue">{t(`examEditor.kinds.${String(q.kind)}`)}</Tag>
                    <Tag className="sf-res__tag">{t('examEditor.pointsN', { count: Number(q.points ?? 1) })}</Tag>
                    {q.explanation ? <Tag className="sf-res__tag">{t('examEditor.hasExplanation')}</Tag> : null}
                    {q.notForDrill ? <Tag className="sf-res__tag" data-testid="question-not-for-drill">{t('examEditor.notForDrillTag')}</Tag> : null}
                  </Space>
                </div>
                <Space size={0}>
                  <Tooltip title={t('resource.edit')}>
                    <Button type="text" icon={<EditOutlined />} aria-label={t('examEditor.editQuestion', { n: i + 1 })} onClick={() => setQuestion(q)} />
                  </Tooltip>
                  <DeleteConfirm resource="exam-questions" id={q.id} title={t('examEditor.removeConfirm')} okText={t('resource.delete')} doneText={t('examEditor.removed')} onSettled={refresh}>
                    <Tooltip title={t('resource.delete')}>
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('examEditor.deleteQuestion', { n: i + 1 })} />
                    </Tooltip>
                  </DeleteConfirm>
                </Space>
              </div>
            )}
          />
        </Card>
      </div>

      <EditDialog detail={detail} {...settingsForm} labels={{ timeLimitSeconds: t('examEditor.timeLimit') }} onSaved={refresh} width={640} />
      <QuestionModal
        examId={id}
        question={question}
        nextPosition={order.reduce((m, q) => Math.max(m, Number(q.position ?? 0)), 0) + 10}
        onClose={() => setQuestion(undefined)}
        onSaved={() => {
          setQuestion(undefined);
          refresh();
        }}
      />
      {e ? <PreviewDrawer type="exam" id={preview ? e.id : undefined} onClose={() => setPreview(false)} /> : null}
    </div>
  );
}

interface QuestionValues {
  kind: QuestionKind;
  prompt: string;
  draft: QuestionDraft;
  explanation?: string;
  points: number;
  notForDrill: boolean;
}

/** The choices with their correct marks: radio for single / true-false, checkboxes for multiple. */
function ChoiceEditor({ value, onChange, id }: { value?: QuestionDraft; onChange?: (d: QuestionDraft) => void; id?: string }) {
  const { t } = useTranslation();
  if (!value) return null;
  const d = value;
  const fixed = d.kind === 'truefalse';
  const mark = (c: Choice) =>
    d.kind === 'multiple' ? (
      <Checkbox checked={d.correct.includes(c.id)} onChange={() => onChange?.(toggleCorrect(d, c.id))} aria-label={t('examEditor.markCorrect', { text: c.text || '…' })} />
    ) : (
      <Radio checked={d.correct.includes(c.id)} onChange={() => onChange?.(toggleCorrect(d, c.id))} aria-label={t('examEditor.markCorrect', { text: c.text || '…' })} />
    );
  return (
    <div className="sf-choices" id={id}>
      <div className="sf-choices__head">
        <span>{d.kind === 'multiple' ? t('examEditor.correctMany') : t('examEditor.correctOne')}</span>
      </div>
      <ol className="sf-choices__list">
        {d.choices.map((c, i) => (
          <li key={c.id} className={`sf-choices__row${d.correct.includes(c.id) ? ' is-correct' : ''}`}>
            {mark(c)}
            <span className="sf-choices__letter">{String.fromCharCode(65 + i)}</span>
            <Input
              value={c.text}
              disabled={fixed}
              maxLength={500}
              placeholder={t('examEditor.choicePlaceholder', { n: i + 1 })}
              aria-label={t('examEditor.choiceN', { n: i + 1 })}
              onChange={(ev) => onChange?.({ ...d, choices: d.choices.map((x) => (x.id === c.id ? { ...x, text: ev.target.value } : x)) })}
            />
            {!fixed ? (
              <Tooltip title={t('examEditor.removeChoice')}>
                <Button type="text" danger icon={<DeleteOutlined />} disabled={d.choices.length <= 2} aria-label={t('examEditor.removeChoiceN', { n: i + 1 })} onClick={() => onChange?.(removeChoice(d, c.id))} />
              </Tooltip>
            ) : null}
          </li>
        ))}
      </ol>
      {!fixed ? (
        <Button type="dashed" icon={<PlusOutlined />} disabled={d.choices.length >= MAX_CHOICES} onClick={() => onChange?.(addChoice(d))}>
          {t('examEditor.addChoice', { count: d.choices.length, max: MAX_CHOICES })}
        </Button>
      ) : null}
    </div>
  );
}

function emptyDraft(kind: QuestionKind = 'single'): QuestionDraft {
  const a = newChoiceId([]);
  const b = newChoiceId([{ id: a, text: '' }]);
  return { kind, choices: [{ id: a, text: '' }, { id: b, text: '' }], correct: [] };
}

function QuestionModal({ examId, question, nextPosition, onClose, onSaved }: { examId: string; question: Item | 'new' | undefined; nextPosition: number; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<QuestionValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editing = question && question !== 'new' ? question : undefined;
  const tf: [string, string] = [t('examEditor.true'), t('examEditor.false')];

  useEffect(() => {
    if (!question) return;
    setError(null);
    form.resetFields();
    if (editing) {
      const kind = (editing.kind as QuestionKind) ?? 'single';
      form.setFieldsValue({
        kind,
        prompt: String(editing.prompt ?? ''),
        draft: { kind, choices: Array.isArray(editing.choices) ? (editing.choices as Choice[]) : [], correct: Array.isArray(editing.correct) ? (editing.correct as string[]) : [] },
        explanation: editing.explanation ? String(editing.explanation) : undefined,
        points: Number(editing.points ?? 1),
        notForDrill: editing.notForDrill === true,
      });
    } else form.setFieldsValue({ kind: 'single', prompt: '', draft: emptyDraft(), points: 1, notForDrill: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [question]);

  const save = async (v: QuestionValues) => {
    setBusy(true);
    setError(null);
    const body: Record<string, unknown> = {
      kind: v.kind,
      prompt: v.prompt.trim(),
      choices: v.draft.choices.map((c) => ({ id: c.id, text: c.text.trim() })),
      correct: v.draft.correct,
      explanation: v.explanation?.trim() || null,
      points: v.points,
      notForDrill: v.notForDrill === true,
    };
    try {
      if (editing) await updateItem('exam-questions', editing.id, { ...body, version: editing.version });
      else await createItem('exam-questions', { ...body, exam: examId, position: nextPosition });
      notify.success(editing ? t('examEditor.questionSaved') : t('examEditor.questionAdded'));
      onSaved();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) {
        const known = new Set(['kind', 'prompt', 'explanation', 'points', 'notForDrill']);
        const byField = new Map<string, string[]>();
        const rest: string[] = [];
        for (const [name, m] of Object.entries(e.fields)) {
          const f = fieldOfServerError(name);
          const target = f === 'choices' || f === 'correct' ? 'draft' : known.has(f) ? f : null;
          if (target) byField.set(target, [...(byField.get(target) ?? []), m]);
          else rest.push(`${name}: ${m}`);
        }
        form.setFields([...byField].map(([name, errors]) => ({ name: name as keyof QuestionValues, errors })));
        if (rest.length) setError(rest.join(' '));
      } else setError(e instanceof ApiError && e.status === 409 ? t('resource.staleBody') : e instanceof ApiError ? e.message : t('resource.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!question}
      title={editing ? t('examEditor.editQuestionTitle') : t('examEditor.addQuestion')}
      okText={editing ? t('resource.save') : t('courseEditor.add')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() => form.submit()}
      width={720}
      destroyOnHidden
      className="sf-question-modal"
    >
      {error ? <Alert type="error" showIcon message={error} className="sf-res-drawer__alert" /> : null}
      <Form
        form={form}
        layout="vertical"
        name="question"
        onFinish={(v) => void save(v)}
        onValuesChange={(changed: Partial<QuestionValues>) => {
          if (changed.kind) form.setFieldValue('draft', changeKind(form.getFieldValue('draft') ?? emptyDraft(), changed.kind, tf));
        }}
      >
        <Form.Item name="kind" label={t('examEditor.kind')}>
          <Radio.Group optionType="button" buttonStyle="solid" options={(['single', 'multiple', 'truefalse'] as const).map((k) => ({ value: k, label: t(`examEditor.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="prompt" label={t('examEditor.prompt')} rules={[{ required: true, whitespace: true, message: t('resource.rules.required') }, { max: 2000, message: t('resource.rules.maxLength', { count: 2000 }) }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
        <Form.Item
          name="draft"
          label={t('examEditor.choices')}
          rules={[
            {
              validator: (_, d: QuestionDraft) => {
                const p = d ? choiceProblems(d) : ['tooFew'];
                return p.length ? Promise.reject(new Error(p.map((x) => t(`examEditor.problems.${x}`)).join(' '))) : Promise.resolve();
              },
            },
          ]}
        >
          <ChoiceEditor />
        </Form.Item>
        <Form.Item name="explanation" label={t('examEditor.explanation')} extra={t('examEditor.explanationHint')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
        <Form.Item name="points" label={t('examEditor.points')} rules={[{ required: true, message: t('resource.rules.required') }]}>
          <InputNumber min={0} max={100} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="notForDrill" valuePropName="checked">
          <Checkbox data-testid="question-not-for-drill-input">{t('examEditor.notForDrill')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
