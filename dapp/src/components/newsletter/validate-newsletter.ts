import { messages, subscribeBodySchema, type SubscribeBody } from '@gavel/domain';

export interface NewsletterForm {
  firstName: string;
  lastName: string;
  email: string;
  agree: boolean;
}

export type NewsletterField = keyof NewsletterForm;
export type NewsletterErrors = Partial<Record<NewsletterField, string>>;

export type NewsletterValidation = { ok: true; body: SubscribeBody } | { ok: false; errors: NewsletterErrors };

/**
 * The form's rules: the api's own subscribe schema (so names and e-mail are checked by the very rule the api
 * applies) plus the agree box, which only the form has.
 */
export function validateNewsletter(form: NewsletterForm): NewsletterValidation {
  const errors: NewsletterErrors = {};
  const parsed = subscribeBodySchema.safeParse({ firstName: form.firstName, lastName: form.lastName, email: form.email });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'firstName' || field === 'lastName' || field === 'email') && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!form.agree) errors.agree = messages.newsletter.agreeRequired;
  if (parsed.success && !errors.agree) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}
