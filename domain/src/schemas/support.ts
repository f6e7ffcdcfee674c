/**
 * The support page's contact form (POST /support/requests) and the admin's list of what was sent. Every field is
 * plain text: control characters are removed (a name or subject is one line, a message keeps its line breaks),
 * nothing is interpreted as HTML, and every screen and mail escapes it where it is shown.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { emailField } from './content.ts';
import { MAX_PAGE_SIZE, paginationSchema, queryInt } from './common.ts';

const text = messages.support;

export const SUPPORT_LIMITS = { name: 100, subject: 150, message: 5000 } as const;
export const SUPPORT_MESSAGE_MIN = 10;

/** One line: controls (tabs and line breaks included) become spaces, runs of spaces one. */
const oneLine = (value: string) =>
  value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/** Line breaks kept (as \n), other controls dropped; the invisible direction overrides that disguise text too. */
const paragraphs = (value: string) =>
  value
    .replace(/\r\n?/g, '\n')
    .replace(/[\u2028\u2029]/g, '\n')
    .replace(/[\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/[^\P{Cc}\n\t]/gu, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const line = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .transform(oneLine)
    .pipe(z.string().min(1, { error: required }).max(max, { error: tooLong }));

export const supportRequestBodySchema = z.object({
  name: line(text.nameRequired, text.nameTooLong, SUPPORT_LIMITS.name),
  email: emailField.pipe(z.string().max(254, { error: messages.newsletter.invalidEmail })),
  subject: line(text.subjectRequired, text.subjectTooLong, SUPPORT_LIMITS.subject),
  message: z
    .string({ error: text.messageRequired })
    .transform(paragraphs)
    .pipe(z.string().min(1, { error: text.messageRequired }).min(SUPPORT_MESSAGE_MIN, { error: text.messageTooShort }).max(SUPPORT_LIMITS.message, { error: text.messageTooLong })),
});
export type SupportRequestBody = z.infer<typeof supportRequestBodySchema>;

export const supportRequestSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The sender's account, when they were signed in. */
  userId: z.string().nullable(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

export const supportRequestReplySchema = z.object({ message: z.string(), data: z.object({ _id: z.string() }) });

/** GET /admin/support-requests: newest first; `status` open (not yet handled) or handled. */
export const supportRequestListQuerySchema = z.object({
  status: z.enum(['open', 'handled'], { error: 'must be open or handled' }).optional(),
  limit: queryInt(1, MAX_PAGE_SIZE).optional(),
  offset: queryInt(0, 10_000_000).optional(),
});
export const SUPPORT_REQUESTS_LIMIT = 20;
export const supportRequestListSchema = z.object({ data: z.array(supportRequestSchema), open: z.number().int(), pagination: paginationSchema });

/** PATCH /admin/support-requests/:id */
export const supportRequestUpdateSchema = z.object({ handled: z.boolean({ error: 'handled must be true or false' }) });
export const supportRequestUpdateReplySchema = z.object({ message: z.string(), data: supportRequestSchema });
