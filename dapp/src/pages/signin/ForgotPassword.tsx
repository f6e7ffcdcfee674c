import { useState } from 'react';
import { messages } from '@gavel/domain';
import { authApi } from '../../api/auth.ts';
import { CodeEntry } from '../../components/otp/CodeEntry.tsx';
import { useNotify } from '../../components/toast/use-notify.ts';
import { ResetEmailStep } from './ResetEmailStep.tsx';
import { ResetPasswordStep } from './ResetPasswordStep.tsx';

type Step = { name: 'email' } | { name: 'code'; email: string } | { name: 'password'; email: string; code: string };

interface ForgotPasswordProps {
  initialEmail: string;
  /** Back to the sign-in form, with the address filled in once the password is reset. */
  onDone: (email: string) => void;
}

const STEPS = ['email', 'code', 'password'] as const;

const copy = {
  email: { title: 'Forgot password?', lead: 'Enter the e-mail of your account and we will send you a 6-digit reset code.' },
  code: { title: 'Check your e-mail', lead: 'Enter the 6-digit code we sent to {email}. It expires in 10 minutes.' },
  password: { title: 'Choose a new password', lead: 'Your code is confirmed. Pick a new password for {email}.' },
};

/** The spec's password reset: e-mail -> code -> new password, then back to sign in. */
export function ForgotPassword({ initialEmail, onDone }: ForgotPasswordProps) {
  const [step, setStep] = useState<Step>({ name: 'email' });
  const notify = useNotify();
  const email = step.name === 'email' ? '' : step.email;

  async function sendCode(address: string) {
    try {
      const reply = await authApi.forgotPassword(address);
      notify.success(reply.message, messages.auth.resetCodeSent);
    } catch (error) {
      notify.failure(error, messages.auth.failedSendReset);
      throw error;
    }
  }

  async function checkCode(address: string, code: string) {
    try {
      const reply = await authApi.verifyResetCode({ email: address, code });
      notify.success(reply.message, messages.auth.codeVerified);
      setStep({ name: 'password', email: address, code });
    } catch (error) {
      notify.failure(error, messages.auth.invalidCode);
      throw error;
    }
  }

  return (
    <div className="auth-card" data-testid="forgot-password" data-step={step.name}>
      <ol className="auth-steps" aria-label={`Step ${STEPS.indexOf(step.name) + 1} of 3`}>
        {STEPS.map((name, index) => (
          <li key={name} data-done={index <= STEPS.indexOf(step.name)} />
        ))}
      </ol>
      <header className="auth-card__head">
        <h1 className="auth-card__title" data-testid="forgot-title">
          {copy[step.name].title}
        </h1>
        <p className="auth-card__lead">{copy[step.name].lead.replace('{email}', email)}</p>
      </header>
      {step.name === 'email' && (
        <ResetEmailStep
          initialEmail={initialEmail}
          onSend={async (address) => {
            await sendCode(address);
            setStep({ name: 'code', email: address });
          }}
        />
      )}
      {step.name === 'code' && <CodeEntry testId="reset-code" onSubmit={(code) => checkCode(step.email, code)} onResend={() => sendCode(step.email)} />}
      {step.name === 'password' && <ResetPasswordStep email={step.email} code={step.code} onReset={() => onDone(step.email)} />}
      <p className="auth-card__foot">
        Remembered it?{' '}
        <button type="button" className="text-link" data-testid="forgot-back" onClick={() => onDone(email || initialEmail)}>
          Back to sign in
        </button>
      </p>
    </div>
  );
}
