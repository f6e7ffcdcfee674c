import { useState } from 'react';
import { EMAIL_CODE_RESEND_COOLDOWN_MS as RESEND_COOLDOWN_MS } from '@gavel/domain';
import { useNow } from '../../clock/use-now.ts';
import { emptyOtp, OtpInput } from './OtpInput.tsx';

interface CodeEntryProps {
  /** Checks the code; a rejection (wrong or expired code) empties the boxes for another try. */
  onSubmit: (code: string) => Promise<unknown>;
  /** Asks for a new code; the countdown restarts once it resolves. */
  onResend: () => Promise<unknown>;
  testId: string;
}

/**
 * A 6-digit code entry that submits itself once the last digit is in, with "Resend code" behind a 30 s
 * countdown (a code has just been sent when this appears, so the countdown starts at once).
 */
export function CodeEntry({ onSubmit, onResend, testId }: CodeEntryProps) {
  const [digits, setDigits] = useState(emptyOtp);
  const [checking, setChecking] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [resending, setResending] = useState(false);
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_COOLDOWN_MS);
  const now = useNow();
  // The shared clock ticks once a second, so just after a resend it can lag Date.now(): clamp to 30 s.
  const wait = Math.min(RESEND_COOLDOWN_MS / 1000, Math.max(0, Math.ceil((resendAt - now) / 1000)));

  async function check(code: string) {
    if (checking) return;
    setChecking(true);
    setInvalid(false);
    try {
      await onSubmit(code);
    } catch {
      // The screen has toasted why; fresh boxes make the next attempt one paste or six keystrokes.
      setInvalid(true);
      setDigits(emptyOtp());
    } finally {
      setChecking(false);
    }
  }

  async function resend() {
    setResending(true);
    try {
      await onResend();
      setResendAt(Date.now() + RESEND_COOLDOWN_MS);
      setDigits(emptyOtp());
      setInvalid(false);
    } catch {
      // Toasted by the screen; the link stays available.
    } finally {
      setResending(false);
    }
  }

  const complete = digits.every((digit) => digit !== '');
  return (
    <div className="code-entry">
      <OtpInput
        value={digits}
        onChange={(next) => {
          setDigits(next);
          setInvalid(false);
        }}
        onComplete={check}
        disabled={checking}
        invalid={invalid}
        autoFocus
        testId={testId}
      />
      <button type="button" className="btn btn--primary btn--block" disabled={!complete || checking} data-testid={`${testId}-submit`} onClick={() => void check(digits.join(''))}>
        {checking ? 'Checking…' : 'Verify'}
      </button>
      <p className="code-entry__resend" data-testid={`${testId}-resend-line`}>
        Didn&apos;t get a code? Check your spam folder.{' '}
        <button type="button" className="text-link" disabled={wait > 0 || resending} data-testid={`${testId}-resend`} onClick={() => void resend()}>
          {resending ? 'Sending…' : wait > 0 ? `Resend code in ${wait}s` : 'Resend code'}
        </button>
      </p>
    </div>
  );
}
