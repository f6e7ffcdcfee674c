import { describe, expect, it } from 'vitest';
import { messages, signupBodySchema, updateProfileBodySchema } from '@gavel/domain';
import { validate, withErrors } from './validate.ts';

describe('validate with the domain schemas', () => {
  it('gives the first message per field', () => {
    const result = validate(signupBodySchema, { firstName: '', lastName: 'L', email: 'nope', password: 'short', confirmPassword: 'x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.firstName).toBe(messages.auth.firstNameRequired);
    expect(result.errors.email).toBe(messages.newsletter.invalidEmail);
    expect(result.errors.password).toBe(messages.auth.passwordTooShort);
  });

  it('applies the 18+ rule of the profile', () => {
    const today = new Date().toISOString().slice(0, 10);
    const result = validate(updateProfileBodySchema, { firstName: 'A', lastName: 'B', phoneNumber: '+44 20 7946 0000', country: 'UK', city: 'L', address: 'x', postCode: 'E1', dateOfBirth: today });
    expect(result.ok ? null : result.errors.dateOfBirth).toBe(messages.auth.underAge);
  });

  it('merges the form-only checks', () => {
    const ok = validate(signupBodySchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'Passw0rdx' });
    expect(withErrors(ok, { terms: undefined }).ok).toBe(true);
    expect(withErrors(ok, { terms: 'Tick it' })).toEqual({ ok: false, errors: { terms: 'Tick it' } });
  });
});
