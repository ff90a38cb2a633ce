// The drill's own questions (/admin/drill, kit resource drill-questions): the kit's list and form, with inputs
// for what a JSON field cannot show well: the choices, which of them are right, and a matching question's
// pairs (left ↔ right, one row each). The server checks everything again (drill/declarations.cpp).
import { DeleteOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Input, Select, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceView } from '../resources/ResourceView';
import type { ResourceFormProps } from '../resources/ResourceForm';
import type { Item } from '../resources/schema';
import { addPair, addTextChoice, MAX_PAIRS, MIN_PAIRS, type Pair, type TextChoice } from './logic';

function PairsInput({ value, onChange, disabled, id }: { value?: Pair[]; onChange?: (v: Pair[]) => void; disabled?: boolean; id?: string }) {
  const { t } = useTranslation();
  const pairs = Array.isArray(value) && value.length ? value : [{ left: '', right: '' }, { left: '', right: '' }];
  const set = (i: number, side: 'left' | 'right', text: string) => onChange?.(pairs.map((p, k) => (k === i ? { ...p, [side]: text } : p)));
  return (
    <div className="sf-pairs" id={id} data-testid="drill-pairs-input">
      {pairs.map((p, i) => (
        <div key={p.id ?? `new-${i}`} className="sf-pairs__row">
          <span className="sf-pairs__n">{i + 1}</span>
          <Input value={p.left} disabled={disabled} maxLength={100} placeholder={t('drillAdmin.leftN', { n: i + 1 })} aria-label={t('drillAdmin.leftN', { n: i + 1 })} onChange={(e) => set(i, 'left', e.target.value)} />
          <SwapOutlined aria-hidden="true" className="sf-pairs__arrow" />
          <Input value={p.right} disabled={disabled} maxLength={100} placeholder={t('drillAdmin.rightN', { n: i + 1 })} aria-label={t('drillAdmin.rightN', { n: i + 1 })} onChange={(e) => set(i, 'right', e.target.value)} />
          <Button type="text" danger icon={<DeleteOutlined />} disabled={disabled || pairs.length <= MIN_PAIRS} aria-label={t('drillAdmin.removePairN', { n: i + 1 })} onClick={() => onChange?.(pairs.filter((_, k) => k !== i))} />
        </div>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} disabled={disabled || pairs.length >= MAX_PAIRS} onClick={() => onChange?.(addPair(pairs))}>
        {t('drillAdmin.addPair', { count: pairs.length, max: MAX_PAIRS })}
      </Button>
    </div>
  );
}

function ChoicesInput({ value, onChange, disabled, id }: { value?: TextChoice[]; onChange?: (v: TextChoice[]) => void; disabled?: boolean; id?: string }) {
  const { t } = useTranslation();
  const choices = Array.isArray(value) && value.length ? value : addTextChoice(addTextChoice([]));
  return (
    <div className="sf-pairs" id={id}>
      {choices.map((c, i) => (
        <div key={c.id} className="sf-pairs__row">
          <span className="sf-pairs__n">{String.fromCharCode(65 + i)}</span>
          <Input value={c.text} disabled={disabled} maxLength={500} aria-label={t('examEditor.choiceN', { n: i + 1 })} placeholder={t('examEditor.choicePlaceholder', { n: i + 1 })} onChange={(e) => onChange?.(choices.map((x) => (x.id === c.id ? { ...x, text: e.target.value } : x)))} />
          <Button type="text" danger icon={<DeleteOutlined />} disabled={disabled || choices.length <= 2} aria-label={t('examEditor.removeChoiceN', { n: i + 1 })} onClick={() => onChange?.(choices.filter((x) => x.id !== c.id))} />
        </div>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} disabled={disabled || choices.length >= 8} onClick={() => onChange?.(addTextChoice(choices))}>
        {t('examEditor.addChoice', { count: choices.length, max: 8 })}
      </Button>
    </div>
  );
}

/** The right answers: one pick (stored as a one-item list) or several for a multiple-choice question. */
function CorrectInput({ value, onChange, kind, choices, disabled, id }: { value?: string[]; onChange?: (v: string[]) => void; kind: unknown; choices: unknown; disabled?: boolean; id?: string }) {
  const { t } = useTranslation();
  const tf = kind === 'truefalse';
  const multiple = kind === 'multiple';
  const list: TextChoice[] = tf ? [{ id: 'true', text: t('examEditor.true') }, { id: 'false', text: t('examEditor.false') }] : Array.isArray(choices) ? (choices as TextChoice[]) : [];
  return (
    <Select
      id={id}
      disabled={disabled}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? value : value?.[0]}
      placeholder={t('drillAdmin.pickCorrect')}
      options={list.filter((c) => c.text.trim()).map((c, i) => ({ value: c.id, label: tf ? c.text : `${String.fromCharCode(65 + i)}. ${c.text}` }))}
      onChange={(v: string | string[]) => onChange?.(Array.isArray(v) ? v : v ? [v] : [])}
    />
  );
}

const form: Pick<ResourceFormProps, 'visibleFields' | 'renderInput' | 'width'> = {
  width: 760,
  // True / false questions get their two choices from the server.
  visibleFields: (name, values) => !(name === 'choices' && values.kind === 'truefalse'),
  renderInput: (f, { values, disabled }): ReactNode | undefined => {
    if (f.name === 'pairs') return <PairsInput disabled={disabled} />;
    if (f.name === 'choices') return <ChoicesInput disabled={disabled} />;
    if (f.name === 'correct') return <CorrectInput kind={values.kind} choices={values.choices} disabled={disabled} />;
    return undefined;
  },
};

function KindCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const kind = String(value ?? '');
  return <Tag color={kind === 'match' ? 'purple' : undefined}>{t(`drillAdmin.kinds.${kind}`, { defaultValue: kind })}</Tag>;
}

export function DrillQuestionsView() {
  return (
    <ResourceView
      resource="drill-questions"
      columns={['prompt', 'kind', 'category', 'course', 'seconds', 'notForDrill']}
      cells={{ kind: (v: unknown, _item: Item) => <KindCell value={v} /> }}
      formProps={form}
    />
  );
}
