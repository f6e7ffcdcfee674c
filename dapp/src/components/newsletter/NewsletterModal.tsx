import type { FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { messages } from '@gavel/domain';
import { ApiRequestError } from '../../api/http.ts';
import { useSubscribe } from '../../api/newsletter.ts';
import { showToast } from '../../state/toasts.ts';
import { Modal } from '../modal/Modal.tsx';
import { TextField } from '../form/TextField.tsx';
import { useForm } from '../../forms/use-form.ts';
import { validateNewsletter, type NewsletterForm } from './validate-newsletter.ts';
import './newsletter.css';

const EMPTY_FORM: NewsletterForm = { firstName: '', lastName: '', email: '', agree: false };

interface NewsletterModalProps {
  open: boolean;
  onClose: () => void;
}

/** The footer's newsletter sign-up with the spec's field messages and toasts. */
export function NewsletterModal({ open, onClose }: NewsletterModalProps) {
  const { values: form, errors, setErrors, set: update, text, setValues } = useForm<NewsletterForm>(EMPTY_FORM);
  const subscribe = useSubscribe();
  const dispatch = useDispatch();

  function close() {
    setErrors({});
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (subscribe.isPending) return;
    const result = validateNewsletter(form);
    if (!result.ok) {
      setErrors(result.errors);
      if (result.errors.email) dispatch(showToast({ tone: 'error', title: messages.newsletter.invalidEmailToast }));
      return;
    }
    subscribe.mutate(result.data, {
      onSuccess: (reply) => {
        dispatch(showToast({ tone: 'success', title: reply.message || messages.newsletter.subscribed }));
        setValues(EMPTY_FORM);
        close();
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 409) {
          dispatch(showToast({ tone: 'info', title: error.message || messages.newsletter.alreadySubscribed }));
          return;
        }
        if (error instanceof ApiRequestError && error.fields) setErrors(error.fields);
        dispatch(
          showToast({
            tone: 'error',
            title: messages.newsletter.failed,
            description: error instanceof ApiRequestError ? error.message : messages.newsletter.failedFallback,
          }),
        );
      },
    });
  }

  return (
    <Modal open={open} onClose={close} title="Subscribe to our newsletter" testId="newsletter-modal">
      <p className="newsletter__lead">New auctions, notable lots and results, about twice a month.</p>
      <form className="newsletter__form" noValidate onSubmit={submit}>
        <div className="newsletter__names">
          <TextField label="First name" autoComplete="given-name" testId="newsletter-first-name" {...text('firstName')} />
          <TextField label="Last name" autoComplete="family-name" testId="newsletter-last-name" {...text('lastName')} />
        </div>
        <TextField label="E-mail" type="email" inputMode="email" autoComplete="email" testId="newsletter-email" {...text('email')} />
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" checked={form.agree} data-testid="newsletter-agree" aria-invalid={errors.agree ? true : undefined} onChange={(e) => update('agree', e.target.checked)} />
            <span>I agree to receive the Gavel newsletter and can unsubscribe at any time.</span>
          </label>
          {errors.agree && (
            <p className="field__error" data-testid="newsletter-agree-error">
              {errors.agree}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={subscribe.isPending} data-testid="newsletter-submit">
          {subscribe.isPending ? 'Subscribing…' : 'Subscribe'}
        </button>
      </form>
    </Modal>
  );
}
