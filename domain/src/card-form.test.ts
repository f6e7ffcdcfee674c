import { describe, expect, it } from 'vitest';
import { alternativeCardFormSchema, cardFormErrors, parseExpiry, savedCardFormSchema, stripeCardParams } from './card-form.ts';

const saved = { cardNumber: '4242 4242 4242 4242', expiry: '04/29', cvc: '123', email: '', acceptTerms: true };
const alternative = { cardNumber: '4242424242424242', expiry: '12/30', cvv: '1234', cardholderName: 'Ana Lee', email: 'Ana@Example.com' };

function errorsOf(schema: typeof savedCardFormSchema | typeof alternativeCardFormSchema, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return cardFormErrors(result.error);
}

describe('saved card form', () => {
  it('accepts a valid card, ignoring spaces in the number and an empty e-mail', () => {
    const form = savedCardFormSchema.parse(saved);
    expect(form.cardNumber).toBe('4242424242424242');
    expect(form.email).toBeUndefined();
    expect(savedCardFormSchema.parse({ ...saved, email: ' Ana@Example.com ' }).email).toBe('ana@example.com');
    expect(savedCardFormSchema.parse({ ...saved, email: undefined }).email).toBeUndefined();
  });

  it.each([
    ['4242', 'cardNumber', 'Card number must be 16 digits'],
    ['42424242424242424', 'cardNumber', 'Card number must be 16 digits'],
    ['4242-4242-4242-424x', 'cardNumber', 'Card number must be 16 digits'],
  ])('card number %s: %s', (cardNumber, field, message) => {
    expect(errorsOf(savedCardFormSchema, { ...saved, cardNumber })).toEqual({ [field]: message });
  });

  it.each(['13/29', '00/29', '4/29', '04/2029', '04-29', ''])('expiry %j must be MM/YY with month 01-12', (expiry) => {
    expect(errorsOf(savedCardFormSchema, { ...saved, expiry })).toEqual({ expiry: 'Expiry date must be in MM/YY format' });
  });

  it.each(['01/29', '12/35'])('expiry %s is fine', (expiry) => {
    expect(savedCardFormSchema.safeParse({ ...saved, expiry }).success).toBe(true);
  });

  it.each(['12', '1234', 'abc'])('CVC %s must be exactly 3 digits', (cvc) => {
    expect(errorsOf(savedCardFormSchema, { ...saved, cvc })).toEqual({ cvc: 'CVC must be 3 digits' });
  });

  it('checks an e-mail only when one is given, and requires the terms box', () => {
    expect(errorsOf(savedCardFormSchema, { ...saved, email: 'not-an-email' })).toEqual({ email: 'Please enter a valid email address' });
    expect(errorsOf(savedCardFormSchema, { ...saved, acceptTerms: false })).toEqual({ acceptTerms: 'Please accept the terms and conditions' });
    expect(errorsOf(savedCardFormSchema, { ...saved, acceptTerms: undefined })).toEqual({ acceptTerms: 'Please accept the terms and conditions' });
  });

  it('names every wrong field at once', () => {
    expect(errorsOf(savedCardFormSchema, {})).toEqual({
      cardNumber: 'Card number must be 16 digits',
      expiry: 'Expiry date must be in MM/YY format',
      cvc: 'CVC must be 3 digits',
      acceptTerms: 'Please accept the terms and conditions',
    });
  });
});

describe('alternative card form', () => {
  it('accepts a valid card with a 3- or 4-digit CVV', () => {
    expect(alternativeCardFormSchema.parse(alternative).email).toBe('ana@example.com');
    expect(alternativeCardFormSchema.safeParse({ ...alternative, cvv: '123' }).success).toBe(true);
  });

  it('requires the cardholder name and a valid e-mail, and a CVV of 3 to 4 digits', () => {
    expect(errorsOf(alternativeCardFormSchema, { ...alternative, cvv: '12' })).toEqual({ cvv: 'CVV must be 3 or 4 digits' });
    expect(errorsOf(alternativeCardFormSchema, { ...alternative, cvv: '12345' })).toEqual({ cvv: 'CVV must be 3 or 4 digits' });
    expect(errorsOf(alternativeCardFormSchema, { ...alternative, cardholderName: '  ' })).toEqual({ cardholderName: 'Cardholder name is required' });
    expect(errorsOf(alternativeCardFormSchema, { ...alternative, email: '' })).toEqual({ email: 'Email is required' });
    expect(errorsOf(alternativeCardFormSchema, { ...alternative, email: 'ana@' })).toEqual({ email: 'Please enter a valid email address' });
    expect(errorsOf(alternativeCardFormSchema, { ...alternative, cardNumber: '4242', expiry: '1/30' })).toEqual({
      cardNumber: 'Card number must be 16 digits',
      expiry: 'Expiry date must be in MM/YY format',
    });
  });
});

describe('to Stripe', () => {
  it('parses MM/YY as a four-digit year', () => {
    expect(parseExpiry('04/29')).toEqual({ month: 4, year: 2029 });
  });

  it('builds the PaymentMethod parameters the browser sends to Stripe', () => {
    expect(stripeCardParams(savedCardFormSchema.parse({ ...saved, email: 'ana@example.com' }))).toEqual({
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '4',
      'card[exp_year]': '2029',
      'card[cvc]': '123',
      'billing_details[email]': 'ana@example.com',
    });
    expect(stripeCardParams(alternativeCardFormSchema.parse(alternative))).toMatchObject({ 'card[cvc]': '1234', 'billing_details[name]': 'Ana Lee' });
  });
});
