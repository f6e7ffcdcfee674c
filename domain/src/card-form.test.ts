import { describe, expect, it } from 'vitest';
import { alternativeCardFormSchema, cardBrand, cardFormErrors, parseExpiry, passesLuhn, savedCardFormSchema, stripeCardParams } from './card-form.ts';

const saved = { cardNumber: '4242 4242 4242 4242', expiry: '04/29', cvc: '123', email: '', acceptTerms: true };
const alternative = { cardNumber: '378282246310005', expiry: '12/30', cvc: '1234', cardholderName: 'Ana Lee', email: 'Ana@Example.com' };
const INVALID_NUMBER = 'Please enter a valid card number';
const CVC = 'CVC must be 3 digits (4 on American Express)';

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
    ['4242', 'too short'],
    ['42424242424242424', 'no Visa has 17 digits'],
    ['4242-4242-4242-424x', 'not all digits'],
    ['4242424242424241', 'fails the Luhn check'],
    ['378282246310006', 'an American Express number that fails the Luhn check'],
    ['3782822463100051', 'an American Express number of 16 digits'],
  ])('refuses card number %s (%s)', (cardNumber) => {
    // The CVC an American Express card would have, so only the number is wrong.
    const cvc = cardNumber.startsWith('37') ? '1234' : '123';
    expect(errorsOf(savedCardFormSchema, { ...saved, cardNumber, cvc })).toEqual({ cardNumber: INVALID_NUMBER });
  });

  it.each([
    ['3782 822463 10005', '1234', 'American Express, 15 digits, 4-digit CVC'],
    ['371449635398431', '1234', 'American Express'],
    ['5555 5555 5555 4444', '123', 'Mastercard'],
    ['2223003122003222', '123', 'Mastercard 2-series'],
    ['6011111111111117', '123', 'Discover'],
    ['3056930009020004', '123', 'Diners Club, 16 digits'],
    ['36227206271667', '123', 'Diners Club, 14 digits'],
    ['3566002020360505', '123', 'JCB'],
    ['6200000000000005', '123', 'UnionPay'],
    ['4222222222222', '123', 'Visa, 13 digits'],
  ])('accepts %s with CVC %s (%s), as Stripe would', (cardNumber, cvc) => {
    expect(errorsOf(savedCardFormSchema, { ...saved, cardNumber, cvc })).toEqual({});
  });

  it('asks the CVC length of the card: 4 digits on American Express, 3 on the others', () => {
    expect(errorsOf(savedCardFormSchema, { ...saved, cardNumber: '378282246310005', cvc: '123' })).toEqual({ cvc: CVC });
    expect(errorsOf(savedCardFormSchema, { ...saved, cvc: '1234' })).toEqual({ cvc: CVC });
  });

  it('tells the network from the first digits, and checks the Luhn sum', () => {
    expect([cardBrand('4'), cardBrand('37'), cardBrand('5500'), cardBrand('2221'), cardBrand('6011'), cardBrand('3530'), cardBrand('9')]).toEqual([
      'visa',
      'amex',
      'mastercard',
      'mastercard',
      'discover',
      'jcb',
      null,
    ]);
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });

  it.each(['13/29', '00/29', '4/29', '04/2029', '04-29', ''])('expiry %j must be MM/YY with month 01-12', (expiry) => {
    expect(errorsOf(savedCardFormSchema, { ...saved, expiry })).toEqual({ expiry: 'Expiry date must be in MM/YY format' });
  });

  it.each(['01/29', '12/35'])('expiry %s is fine', (expiry) => {
    expect(savedCardFormSchema.safeParse({ ...saved, expiry }).success).toBe(true);
  });

  it.each(['12', '12345', 'abc'])('CVC %s must be 3 or 4 digits', (cvc) => {
    expect(errorsOf(savedCardFormSchema, { ...saved, cvc })).toEqual({ cvc: CVC });
  });

  it('checks an e-mail only when one is given, and requires the terms box', () => {
    expect(errorsOf(savedCardFormSchema, { ...saved, email: 'not-an-email' })).toEqual({ email: 'Please enter a valid email address' });
    expect(errorsOf(savedCardFormSchema, { ...saved, acceptTerms: false })).toEqual({ acceptTerms: 'Please accept the terms and conditions' });
    expect(errorsOf(savedCardFormSchema, { ...saved, acceptTerms: undefined })).toEqual({ acceptTerms: 'Please accept the terms and conditions' });
  });

  it('names every wrong field at once', () => {
    expect(errorsOf(savedCardFormSchema, {})).toEqual({
      cardNumber: INVALID_NUMBER,
      expiry: 'Expiry date must be in MM/YY format',
      cvc: CVC,
      acceptTerms: 'Please accept the terms and conditions',
    });
  });
});

describe('alternative card form', () => {
  it('accepts a valid card with the CVC its network gives it (the same word and rule as the saved card form)', () => {
    expect(alternativeCardFormSchema.parse(alternative).email).toBe('ana@example.com');
    expect(alternativeCardFormSchema.safeParse({ ...alternative, cardNumber: '4242424242424242', cvc: '123' }).success).toBe(true);
  });

  it('requires the cardholder name and a valid e-mail, and the card CVC length', () => {
    expect(errorsOf(alternativeCardFormSchema, { ...alternative, cvc: '123' })).toEqual({ cvc: CVC });
    expect(errorsOf(alternativeCardFormSchema, { ...alternative, cvc: '12345' })).toEqual({ cvc: CVC });
    expect(errorsOf(alternativeCardFormSchema, { ...alternative, cardholderName: '  ' })).toEqual({ cardholderName: 'Cardholder name is required' });
    expect(errorsOf(alternativeCardFormSchema, { ...alternative, email: '' })).toEqual({ email: 'Email is required' });
    expect(errorsOf(alternativeCardFormSchema, { ...alternative, email: 'ana@' })).toEqual({ email: 'Please enter a valid email address' });
    expect(errorsOf(alternativeCardFormSchema, { ...alternative, cardNumber: '4242', expiry: '1/30' })).toEqual({
      cardNumber: INVALID_NUMBER,
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
