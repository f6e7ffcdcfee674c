import { useId, type InputHTMLAttributes } from 'react';
import './form.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  testId: string;
}

/** A labelled input with its field-level message, wired for screen readers (aria-invalid, aria-describedby). */
export function TextField({ label, error, testId, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      <input id={id} className="field__input" aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined} data-testid={testId} {...input} />
      {error && <p id={errorId} className="field__error" data-testid={`${testId}-error`}>{error}</p>}
    </div>
  );
}
