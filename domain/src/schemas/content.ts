import { z } from 'zod';
import { messages } from '../messages.ts';

export { CMS_PAGES } from '../cms-pages.ts';

export const cmsPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  updatedAt: z.string(),
});
export type CmsPage = z.infer<typeof cmsPageSchema>;
export const cmsPageReplySchema = z.object({ data: cmsPageSchema });

/** The e-mail rule the newsletter form and the api share. */
export const emailField = z
  .string({ error: messages.newsletter.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: messages.newsletter.invalidEmail }));

/** POST /subscriptions/subscribe. The agree box is the form's; the api needs only who and where. */
export const subscribeBodySchema = z.object({
  email: emailField,
  firstName: z.string({ error: messages.newsletter.firstNameRequired }).trim().min(1, { error: messages.newsletter.firstNameRequired }).max(100),
  lastName: z.string({ error: messages.newsletter.lastNameRequired }).trim().min(1, { error: messages.newsletter.lastNameRequired }).max(100),
});
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

export const subscribeReplySchema = z.object({ message: z.string() });
