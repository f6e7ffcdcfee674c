import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import './otp.css';

export const OTP_LENGTH = 6;

export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

interface OtpInputProps {
  /** One entry per box: a digit or ''. */
  value: readonly string[];
  onChange: (digits: string[]) => void;
  /** Called once every box holds a digit, with the whole code: the screens submit right away. */
  onComplete?: (code: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  testId?: string;
  label?: string;
}

/**
 * The spec's OTP input: one numeric digit per box. Typing moves to the next box, Backspace on an
 * empty box goes back, and pasting or autofilling the whole code (SMS/mail "one-time-code") fills every box.
 */
export function OtpInput({ value, onChange, onComplete, disabled, invalid, autoFocus, testId = 'otp', label = 'Verification code' }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus();

  /** Writes `digits` from box `start` on (one typed digit, or a pasted code), then moves the focus on. */
  function fill(start: number, digits: string) {
    const next = [...value];
    let index = start;
    for (const digit of digits) {
      if (index >= OTP_LENGTH) break;
      next[index++] = digit;
    }
    onChange(next);
    focusBox(index);
    if (next.every((digit) => digit !== '')) onComplete?.(next.join(''));
  }

  function clear(index: number) {
    const next = [...value];
    next[index] = '';
    onChange(next);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      clear(index - 1);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (!digits) return;
    // A whole code fills every box wherever it was pasted; a fragment continues from the box it landed in.
    fill(digits.length >= OTP_LENGTH ? 0 : index, digits.slice(0, OTP_LENGTH));
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's default border, padding and min-width would break the row of boxes
    <div className="otp" role="group" aria-label={label} data-testid={testId}>
      {value.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: each box is the digit at that place
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="otp__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          // biome-ignore lint/a11y/noAutofocus: opt-in, for a code the visitor just asked for and types next
          autoFocus={autoFocus && index === 0}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          data-testid={`${testId}-${index}`}
          value={digit}
          // Selecting the digit on focus makes typing replace it rather than append to it.
          onFocus={(event) => event.target.select()}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '');
            if (digits) fill(index, digits);
            else clear(index);
          }}
        />
      ))}
    </div>
  );
}
