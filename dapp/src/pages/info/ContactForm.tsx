import { useId, useState, type FormEvent } from 'react';
import { messages, SUPPORT_LIMITS, supportRequestBodySchema } from '@gavel/domain';
import { ApiRequestError } from '../../api/http.ts';
import { useSendSupportRequest } from '../../api/support.ts';
import { TextField } from '../../components/form/TextField.tsx';
import { useNotify } from '../../components/toast/use-notify.ts';
import { validate, type FieldErrors } from '../../forms/validate.ts';
import { useCurrentUser } from '../../session/use-current-user.ts';

type Field = 'name' | 'email' | 'subject' | 'message';
type Form = Record<Field, string>;

/**
 * The support page's contact form: name, e-mail, subject and message, checked by the api's own rules. A
 * signed-in user starts with their name and e-mail filled in. Sent, it says so in place (the reply goes by mail).
 */
export function ContactForm() {
  const { user } = useCurrentUser();
  const [form, setForm] = useState<Form>({ name: '', email: '', subject: '', message: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, true>>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState<string | null>(null);
  const send = useSendSupportRequest();
  const notify = useNotify();
  const messageId = useId();

  // The account's name and e-mail until the user types their own.
  const prefilled: Form = { name: user?.name ?? '', email: user?.email ?? '', subject: '', message: '' };
  const value = (field: Field) => (touched[field] ? form[field] : prefilled[field]);
  const update = (field: Field, next: string) => {
    setForm((current) => ({ ...current, [field]: next }));
    setTouched((current) => ({ ...current, [field]: true }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    const result = validate(supportRequestBodySchema, { name: value('name'), email: value('email'), subject: value('subject'), message: value('message') });
    if (!result.ok) return setErrors(result.errors);
    send.mutate(result.data, {
      onSuccess: (reply) => {
        // Said in place of the form (a status the screen reader announces), not in a toast as well.
        setSent(reply.message || messages.support.sent);
        setForm({ name: '', email: '', subject: '', message: '' });
        setTouched({});
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.fields) setErrors(error.fields);
        notify.failure(error, messages.support.failed);
      },
    });
  }

  if (sent) {
    return (
      <div className="contact-form contact-form--sent" role="status" data-testid="contact-sent">
        <p>{sent}</p>
        <button type="button" className="btn btn--ghost" onClick={() => setSent(null)}>
          Write another message
        </button>
      </div>
    );
  }
  const messageError = errors.message;
  return (
    <form className="contact-form" noValidate onSubmit={submit} data-testid="contact-form">
      <div className="contact-form__row">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          maxLength={SUPPORT_LIMITS.name}
          testId="contact-name"
          value={value('name')}
          error={errors.name}
          onChange={(e) => update('name', e.target.value)}
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          testId="contact-email"
          value={value('email')}
          error={errors.email}
          onChange={(e) => update('email', e.target.value)}
        />
      </div>
      <TextField
        label="Subject"
        name="subject"
        maxLength={SUPPORT_LIMITS.subject}
        testId="contact-subject"
        value={value('subject')}
        error={errors.subject}
        onChange={(e) => update('subject', e.target.value)}
      />
      <div className="field">
        <label className="field__label" htmlFor={messageId}>
          Message
        </label>
        <textarea
          id={messageId}
          name="message"
          className="field__input"
          rows={6}
          maxLength={SUPPORT_LIMITS.message}
          value={value('message')}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? `${messageId}-error` : undefined}
          onChange={(e) => update('message', e.target.value)}
          data-testid="contact-message"
        />
        {messageError && (
          <p id={`${messageId}-error`} className="field__error" data-testid="contact-message-error">
            {messageError}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn--primary" disabled={send.isPending} data-testid="contact-submit">
        {send.isPending ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
