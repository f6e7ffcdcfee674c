import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { supportRequestBodySchema } from './support.ts';

const valid = { name: 'Ada Lovelace', email: 'Ada@Example.com', subject: 'My data', message: 'Please send me a copy of my data.' };
const errors = (body: unknown) => {
  const result = supportRequestBodySchema.safeParse(body);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe('the contact form rule', () => {
  it('keeps what was written as text: one line for the name and subject, line breaks in the message', () => {
    const parsed = supportRequestBodySchema.parse({
      name: '  Ada \t Lovelace\r\n',
      email: ' Ada@Example.com ',
      subject: 'Copy\r\nBcc: someone@example.com',
      message: '  First line\r\nSecond <b>line</b>\u202E\u0085\n\n\n\nLast & "done"  ',
    });
    expect(parsed).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Copy Bcc: someone@example.com',
      message: 'First line\nSecond <b>line</b>\n\nLast & "done"',
    });
  });

  it('names each missing, short or long field once', () => {
    expect(errors({})).toEqual({
      name: messages.support.nameRequired,
      email: messages.newsletter.invalidEmail,
      subject: messages.support.subjectRequired,
      message: messages.support.messageRequired,
    });
    expect(errors({ ...valid, name: ' \r\n ', subject: '\u0085', message: 'Too short' })).toEqual({
      name: messages.support.nameRequired,
      subject: messages.support.subjectRequired,
      message: messages.support.messageTooShort,
    });
    expect(errors({ ...valid, name: 'n'.repeat(101), subject: 's'.repeat(151), message: 'm'.repeat(5001) })).toEqual({
      name: messages.support.nameTooLong,
      subject: messages.support.subjectTooLong,
      message: messages.support.messageTooLong,
    });
  });
});
