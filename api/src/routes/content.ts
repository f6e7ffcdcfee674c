import { cmsPageReplySchema, messages, subscribeBodySchema, subscribeReplySchema } from '@gavel/domain';
import { Refused, notFound } from '../refused.ts';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { contentPageBySlug } from '../content/pages.ts';

export function contentRoutes(routes: RouteTable, { db }: Services): void {
  routes.add({
    method: 'get',
    path: '/cms/pages/:slug',
    tag: 'Content',
    summary: 'A CMS page by slug (about-us, privacy-policy, terms-conditions)',
    reply: cmsPageReplySchema,
    errors: { 404: messages.cms.pageNotFound },
    handler: async ({ params }) => {
      const page = await contentPageBySlug(db.prisma, params.slug);
      if (!page) throw notFound(messages.cms.pageNotFound);
      return { data: page };
    },
  });

  routes.add({
    method: 'post',
    path: '/subscriptions/subscribe',
    rateLimit: 'subscribe',
    tag: 'Content',
    summary: 'Subscribe to the newsletter',
    body: subscribeBodySchema,
    reply: subscribeReplySchema,
    status: 201,
    errors: { 409: messages.newsletter.alreadySubscribed },
    handler: async ({ body }) => {
      // ON CONFLICT keeps two racing sign-ups of one address from turning into a 500.
      const inserted = await db.sql(
        `INSERT INTO "NewsletterSubscription" (id, email, "firstName", "lastName") VALUES (gen_random_uuid(), $1, $2, $3)
         ON CONFLICT (email) DO NOTHING RETURNING id`,
        [body.email, body.firstName, body.lastName],
      );
      if (inserted.length === 0) throw new Refused('conflict', messages.newsletter.alreadySubscribed, 'already_subscribed', { email: messages.newsletter.alreadySubscribed });
      return { message: messages.newsletter.subscribed };
    },
  });
}
