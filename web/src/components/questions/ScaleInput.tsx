// A row of whole numbers to tap, one of which is picked (a radio group): a survey's 1-5 and 0-10, and a form's
// number question whose bounds allow only a few whole values (an urgency 1-5 is picked, not typed).
// Plain elements, like QuestionInput (the back office's previews draw it too).
export function ScaleInput({ from, to, label, value, onChange, ends, className }: { from: number; to: number; label: string; value: number | undefined; onChange: (n: number) => void; ends?: [string, string]; className?: string }) {
  const count = to - from + 1;
  return (
    <div className="sf-survey-scale-wrap">
      <div className={`sf-survey-scale ${className ?? ''}`} role="radiogroup" aria-label={label} style={className ? undefined : { gridTemplateColumns: `repeat(${Math.min(count, 6)}, 1fr)` }}>
        {Array.from({ length: count }, (_, i) => from + i).map((n) => (
          <button key={n} type="button" role="radio" aria-checked={value === n} className={`sf-survey-scale__n ${value === n ? 'is-on' : ''}`} data-testid="survey-scale" onClick={() => onChange(n)}>
            {n}
          </button>
        ))}
      </div>
      {ends ? (
        <div className="sf-survey-scale__ends" aria-hidden="true">
          <span>{ends[0]}</span>
          <span>{ends[1]}</span>
        </div>
      ) : null}
    </div>
  );
}
