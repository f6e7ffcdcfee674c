import { messages, subscribeBodySchema, type SubscribeBody } from '@gavel/domain';
import { validate, withErrors, type Validation } from '../../forms/validate.ts';

export type NewsletterForm = {
  firstName: string;
  lastName: string;
  email: string;
  agree: boolean;
};

/**
 * The form's rules: the api's own subscribe schema (so names and e-mail are checked by the very rule the api
 * applies) plus the agree box, which only the form has.
 */
export function validateNewsletter(form: NewsletterForm): Validation<SubscribeBody> {
  const { agree, ...body } = form;
  return withErrors(validate(subscribeBodySchema, body), { agree: agree ? undefined : messages.newsletter.agreeRequired });
}
