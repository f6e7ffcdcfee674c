/**
 * Stripe's test cards (https://docs.stripe.com/testing) and what each one does. Only these numbers are
 * accepted, as in Stripe's test mode: any other valid number is refused as a live card.
 */
import { createHash } from 'node:crypto';
import type { CardDecline } from './errors.ts';
import { errors } from './errors.ts';

export type Brand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/**
 * What a card does. `setup` applies when a SetupIntent confirms it (Stripe checks the card with the issuer);
 * `charge` when a PaymentIntent confirms it. `authentication`: 'on_session' asks for 3D Secure on every
 * payment made without a prior setup (and fails off-session ones), 'always' on every payment, including
 * off-session ones after setup.
 */
export interface TestCard {
  funding: 'credit' | 'debit';
  setup?: CardDecline;
  charge?: CardDecline;
  authentication?: 'unless_set_up' | 'always';
}

const declined = (decline_code: string, message = 'Your card was declined.'): CardDecline => ({ code: 'card_declined', decline_code, message });

export const DECLINES = {
  generic: declined('generic_decline'),
  insufficientFunds: declined('insufficient_funds', 'Your card has insufficient funds.'),
  lost: declined('lost_card'),
  stolen: declined('stolen_card'),
  expired: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.', param: 'exp_month' },
  incorrectCvc: { code: 'incorrect_cvc', decline_code: 'incorrect_cvc', message: "Your card's security code is incorrect.", param: 'cvc' },
  processing: { code: 'processing_error', decline_code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
  authenticationRequired: { code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' },
  liveCard: declined(
    'test_mode_live_card',
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  ),
} satisfies Record<string, CardDecline>;

export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { funding: 'credit' },
  '4000056655665556': { funding: 'debit' },
  '5555555555554444': { funding: 'credit' },
  '2223003122003222': { funding: 'credit' },
  '378282246310005': { funding: 'credit' },
  '6011111111111117': { funding: 'credit' },
  '4000000000000002': { funding: 'credit', setup: DECLINES.generic, charge: DECLINES.generic },
  '4000000000009995': { funding: 'credit', setup: DECLINES.insufficientFunds, charge: DECLINES.insufficientFunds },
  '4000000000009987': { funding: 'credit', setup: DECLINES.lost, charge: DECLINES.lost },
  '4000000000009979': { funding: 'credit', setup: DECLINES.stolen, charge: DECLINES.stolen },
  '4000000000000069': { funding: 'credit', setup: DECLINES.expired, charge: DECLINES.expired },
  '4000000000000127': { funding: 'credit', setup: DECLINES.incorrectCvc, charge: DECLINES.incorrectCvc },
  '4000000000000119': { funding: 'credit', setup: DECLINES.processing, charge: DECLINES.processing },
  /** Saves fine; every charge is declined ("decline after attaching"). */
  '4000000000000341': { funding: 'credit', charge: DECLINES.generic },
  /** 3D Secure on setup and on-session payments; off-session payments after setup need none. */
  '4000002500003155': { funding: 'credit', authentication: 'unless_set_up' },
  /** 3D Secure on every payment: off-session payments fail with authentication_required. */
  '4000002760003184': { funding: 'credit', authentication: 'always' },
};

/** Stripe's test PaymentMethod ids (`payment_method: 'pm_card_visa'`), each a fresh card each time it is used. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
};

export function brandOf(number: string): Brand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^(36|30[0-5])/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc?: string;
}

/**
 * Checks card details as Stripe does when a PaymentMethod is created: malformed details are a 402
 * card_error naming the field; a well-formed number that is not a test card is refused as a live card.
 */
export function checkCard(raw: { number?: string; exp_month?: string; exp_year?: string; cvc?: string }, prefix = 'card'): CardInput & { test: TestCard } {
  if (raw.number === undefined) throw errors.missingParam(`${prefix}[number]`);
  if (raw.exp_month === undefined) throw errors.missingParam(`${prefix}[exp_month]`);
  if (raw.exp_year === undefined) throw errors.missingParam(`${prefix}[exp_year]`);
  const number = raw.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) throw errors.card({ code: 'invalid_number', message: 'Your card number is invalid.', param: 'number' });
  if (!luhnValid(number)) throw errors.card({ code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' });
  const expMonth = Number(raw.exp_month);
  if (!/^\d{1,2}$/.test(raw.exp_month) || expMonth < 1 || expMonth > 12) {
    throw errors.card({ code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'exp_month' });
  }
  // Stripe takes two-digit years as 20YY.
  const expYear = /^\d{2}$/.test(raw.exp_year) ? 2000 + Number(raw.exp_year) : Number(raw.exp_year);
  const now = new Date();
  const thisYear = now.getUTCFullYear();
  if (!/^\d{2}(\d{2})?$/.test(raw.exp_year) || expYear < thisYear || expYear > thisYear + 50) {
    throw errors.card({ code: 'invalid_expiry_year', message: "Your card's expiration year is invalid.", param: 'exp_year' });
  }
  if (expYear === thisYear && expMonth < now.getUTCMonth() + 1) {
    throw errors.card({ code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'exp_month' });
  }
  if (raw.cvc !== undefined && !/^\d{3,4}$/.test(raw.cvc)) {
    throw errors.card({ code: 'invalid_cvc', message: "Your card's security code is invalid.", param: 'cvc' });
  }
  const test = TEST_CARDS[number];
  if (!test) throw errors.card(DECLINES.liveCard);
  return { number, expMonth, expYear, ...(raw.cvc !== undefined ? { cvc: raw.cvc } : {}), test };
}

/** Stable per number, like Stripe's: lets a merchant see that two PaymentMethods are the same card. */
export const fingerprintOf = (number: string) => createHash('sha256').update(`gavel-stand-in:${number}`).digest('base64url').slice(0, 16);
