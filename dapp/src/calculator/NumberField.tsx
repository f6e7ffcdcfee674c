import { useId } from 'react';

interface NumberFieldProps {
  label: string;
  unit: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  step: string;
  hint?: string;
}

/** A labelled numeric input with its unit inside the box, as money fields read best. */
export function NumberField({ label, unit, value, onChange, testId, step, hint }: NumberFieldProps) {
  const id = useId();
  return (
    <div className="field calc-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="calc-field__box">
        <input
          id={id}
          className="field__input"
          type="number"
          inputMode="decimal"
          min="0"
          step={step}
          value={value}
          data-testid={testId}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <span className="calc-field__unit">{unit}</span>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint" data-testid={`${testId}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
