/**
 * The spec's two card forms, as zod schemas the dapp validates with. The card details
 * go from the browser to Stripe (or the local stand-in), never to Gavel's api; `stripeCardParams` turns a
 * valid form into the parameters of Stripe's `POST /v1/payment_methods`.
 */
import { z } from 'zod';
import { messages } from './messages.ts';
import { cvcLengthFor, validCardNumber } from './card-networks.ts';

export { CARD_NUMBER_MAX_DIGITS, cardBrand, cvcLengthFor, passesLuhn, validCardNumber } from './card-networks.ts';

export const cardFormMessages = {
  cardNumber: 'Please enter a valid card number',
  expiry: 'Expiry date must be in MM/YY format',
  cvc: 'CVC must be 3 digits (4 on American Express)',
  email: messages.newsletter.invalidEmail,
  terms: messages.terms.checkboxRequired,
  // Alternative form; the spec names the rules but not these texts.
  cardholderName: 'Cardholder name is required',
  emailRequired: 'Email is required',
} as const;

const cardNumber = z
  .string({ error: cardFormMessages.cardNumber })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().refine(validCardNumber, { error: cardFormMessages.cardNumber }));

/** 3 or 4 digits here; the object's check then asks the card's own length. */
const cvc = z
  .string({ error: cardFormMessages.cvc })
  .trim()
  .regex(/^\d{3,4}$/, { error: cardFormMessages.cvc });

/** The CVC has the length the card's network gives it (judged only on a valid number: a wrong one says so itself). */
function cvcFitsCard(form: { cardNumber: string; cvc: string }, context: z.RefinementCtx): void {
  if (typeof form.cardNumber !== 'string' || typeof form.cvc !== 'string' || !validCardNumber(form.cardNumber)) return;
  if (form.cvc.length !== cvcLengthFor(form.cardNumber)) context.addIssue({ code: 'custom', message: cardFormMessages.cvc, path: ['cvc'] });
}

/** MM/YY with a month of 01-12. */
const expiry = z
  .string({ error: cardFormMessages.expiry })
  .trim()
  .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: cardFormMessages.expiry });

const validEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: cardFormMessages.email }));

export const savedCardFormSchema = z
  .object({
    cardNumber,
    expiry,
    cvc,
    /** Optional; checked only when filled in. */
    email: z.union([z.literal('').transform(() => undefined), validEmail]).optional(),
    acceptTerms: z.literal(true, { error: cardFormMessages.terms }),
  })
  .superRefine(cvcFitsCard);
export type SavedCardForm = z.input<typeof savedCardFormSchema>;

export const alternativeCardFormSchema = z
  .object({
    cardNumber,
    expiry,
    cvc,
    cardholderName: z.string({ error: cardFormMessages.cardholderName }).trim().min(1, { error: cardFormMessages.cardholderName }).max(200),
    email: z.string({ error: cardFormMessages.emailRequired }).trim().min(1, { error: cardFormMessages.emailRequired }).pipe(validEmail),
  })
  .superRefine(cvcFitsCard);
export type AlternativeCardForm = z.input<typeof alternativeCardFormSchema>;

/** "04/29" -> { month: 4, year: 2029 }. Call on a validated expiry. */
export function parseExpiry(value: string): { month: number; year: number } {
  const [mm, yy] = value.trim().split('/');
  return { month: Number(mm), year: 2000 + Number(yy) };
}

/**
 * Form-encoded parameters for Stripe's `POST /v1/payment_methods` (sent by the browser with the publishable
 * key), from either validated form.
 */
export function stripeCardParams(form: z.output<typeof savedCardFormSchema> | z.output<typeof alternativeCardFormSchema>): Record<string, string> {
  const { month, year } = parseExpiry(form.expiry);
  const params: Record<string, string> = {
    type: 'card',
    'card[number]': form.cardNumber,
    'card[exp_month]': String(month),
    'card[exp_year]': String(year),
    'card[cvc]': form.cvc,
  };
  if (form.email) params['billing_details[email]'] = form.email;
  if ('cardholderName' in form) params['billing_details[name]'] = form.cardholderName;
  return params;
}

/** The first message per field, for showing under each input. */
export function cardFormErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  return fields;
}
