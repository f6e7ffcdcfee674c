import { useId, type InputHTMLAttributes } from 'react';
import './form.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  /** A line of help under the input, hidden while an error message takes its place. */
  hint?: string;
  testId: string;
}

/** A labelled input with its field-level message, wired for screen readers (aria-invalid, aria-describedby). */
export function TextField({ label, error, hint, testId, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} data-testid={testId} {...input} />
      {hint && !error && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
