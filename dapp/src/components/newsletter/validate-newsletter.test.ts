import { describe, expect, it } from 'vitest';
import { messages } from '@gavel/domain';
import { validateNewsletter } from './validate-newsletter.ts';

describe('validateNewsletter', () => {
  it('names every missing field with the spec message', () => {
    const result = validateNewsletter({ firstName: '', lastName: ' ', email: '', agree: false });
    expect(result).toEqual({
      ok: false,
      errors: {
        firstName: messages.newsletter.firstNameRequired,
        lastName: messages.newsletter.lastNameRequired,
        email: messages.newsletter.invalidEmail,
        agree: messages.newsletter.agreeRequired,
      },
    });
  });

  it('rejects a malformed e-mail', () => {
    const result = validateNewsletter({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@', agree: true });
    expect(result).toEqual({ ok: false, errors: { email: messages.newsletter.invalidEmail } });
  });

  it('returns the body the api expects, trimmed and with a lower-case e-mail', () => {
    const result = validateNewsletter({ firstName: ' Ada ', lastName: 'Lovelace', email: ' Ada@Example.COM ', agree: true });
    expect(result).toEqual({ ok: true, data: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } });
  });
});
