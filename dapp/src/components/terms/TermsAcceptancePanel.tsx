import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { acceptTermsBodySchema, BIDDING_FOR, messages, type User } from '@gavel/domain';
import { authApi } from '../../api/auth.ts';
import { validate, withErrors, type FieldErrors } from '../../forms/validate.ts';
import { useNotify } from '../toast/use-notify.ts';
import { useTermsDate } from './TermsText.tsx';
import '../form/form.css';
import './terms.css';

const CHOICES: Record<(typeof BIDDING_FOR)[number], { label: string; text: string }> = {
  myself: { label: 'Myself', text: 'I bid for my own collection.' },
  someone_else: { label: 'Someone else', text: 'I bid on behalf of a client, company or another person.' },
};

/**
 * The terms acceptance panel: who the user bids for, and the box that accepts the terms, with the
 * spec's two messages. Used on the profile, and ready for the lot page's terms block.
 */
export function TermsAcceptancePanel({ onAccepted }: { onAccepted: (user: User) => void }) {
  const [biddingFor, setBiddingFor] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const notify = useNotify();
  const accept = useMutation({ mutationFn: authApi.acceptTerms });
  const termsDate = useTermsDate();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (accept.isPending) return;
    const result = withErrors(validate(acceptTermsBodySchema, { biddingFor }), { acceptTerms: agreed ? undefined : messages.terms.checkboxRequired });
    if (!result.ok) return setErrors(result.errors);
    accept.mutate(result.data, {
      onSuccess: (reply) => {
        onAccepted(reply.user);
        notify.success(reply.message, messages.terms.accepted);
      },
      onError: (error) => notify.failure(error, messages.auth.failedAcceptTerms),
    });
  }

  return (
    <form className="terms-panel" noValidate onSubmit={submit} data-testid="terms-panel">
      <fieldset className="terms-panel__choices">
        <legend className="field__label">Who are you bidding for?</legend>
        {BIDDING_FOR.map((value) => (
          <label key={value} className="terms-choice">
            <input
              type="radio"
              name="biddingFor"
              value={value}
              checked={biddingFor === value}
              data-testid={`terms-bidding-${value}`}
              onChange={() => {
                setBiddingFor(value);
                setErrors((e) => ({ ...e, biddingFor: undefined }));
              }}
            />
            <span>
              <strong>{CHOICES[value].label}</strong>
              <small>{CHOICES[value].text}</small>
            </span>
          </label>
        ))}
        {errors.biddingFor && (
          <p className="field__error" data-testid="terms-bidding-error">
            {errors.biddingFor}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={agreed}
            data-testid="terms-checkbox"
            onChange={(event) => {
              setAgreed(event.target.checked);
              setErrors((e) => ({ ...e, acceptTerms: undefined }));
            }}
          />
          <span>
            I have read and accept the{' '}
            <Link to="/terms-conditions" target="_blank">
              Terms &amp; Conditions
            </Link>
            {termsDate ? `, current as of ${termsDate}` : ''}.
          </span>
        </label>
        {errors.acceptTerms && (
          <p className="field__error" data-testid="terms-checkbox-error">
            {errors.acceptTerms}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn--primary" disabled={accept.isPending} data-testid="terms-submit">
        {accept.isPending ? 'Saving…' : 'Accept Terms'}
      </button>
    </form>
  );
}
