/**
 * Routes are declared once with their zod schemas; the same declaration validates requests, mounts the Koa
 * handler and writes the OpenAPI document, so the published contract cannot drift from what is enforced.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { apiErrorSchema } from '@gavel/domain';
import { readJson } from '../http/body.ts';
import { authorize, type Access, type UserRow } from '../auth/session.ts';
import { parseInput, singleValued } from '../http/validate.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import type { LimitedRoute, RouteLimit } from '../http/rate-limit-config.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteSpec<Q extends z.ZodType, B extends z.ZodType, A extends Access | undefined = undefined> {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  description?: string;
  query?: Q;
  body?: B;
  reply: z.ZodType;
  status?: number;
  /** Statuses other than 200/400/500 this route answers with, and why. */
  errors?: Record<number, string>;
  /** Set: the caller must be signed in, pass these gates and hold one of these roles (checked before the body). */
  access?: A;
  /** Set: requests are counted per user and per address under this limit, checked after `access`, before the body. */
  rateLimit?: LimitedRoute;
  handler: (input: { query: z.output<Q>; body: z.output<B>; params: Record<string, string>; ctx: Context; user: A extends Access ? UserRow : UserRow | null }) => Promise<unknown>;
}

export class RouteTable {
  private readonly specs: RouteSpec<z.ZodType, z.ZodType, Access | undefined>[] = [];

  /**
   * `checkReplies` (outside production, config.checkContracts): every reply is checked against the schema its
   * route declares, so every api test proves the contract the dapp relies on. The dapp trusts replies (it takes
   * their types from the same schemas) and so ships no validator to the browser.
   */
  constructor(private readonly options: { checkReplies: boolean; limits?: { limiter: RateLimiter; rules: Record<LimitedRoute, RouteLimit> } }) {}

  add<Q extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodUnknown, A extends Access | undefined = undefined>(spec: RouteSpec<Q, B, A>): void {
    this.specs.push(spec as unknown as RouteSpec<z.ZodType, z.ZodType, Access | undefined>);
  }

  /** Each route's method, path and `access` (none: open to anyone): the authorization test walks this list. */
  accessRules(): Array<{ method: Method; path: string; access: Access | undefined }> {
    return this.specs.map((spec) => ({ method: spec.method, path: spec.path, access: spec.access }));
  }

  router(): Router {
    const router = new Router();
    for (const spec of this.specs) {
      router[spec.method](spec.path, async (ctx) => {
        const user = spec.access ? authorize(ctx, spec.access) : (ctx.state.user as UserRow | null);
        const { limits } = this.options;
        if (spec.rateLimit && limits) await limits.limiter.limitRoute(spec.rateLimit, limits.rules[spec.rateLimit], ctx.ip, user?.id);
        const query = spec.query ? parseInput(spec.query, singleValued(ctx.query), 'query') : undefined;
        const body = spec.body ? parseInput(spec.body, await readJson(ctx), 'body') : undefined;
        const reply = await spec.handler({ query, body, params: ctx.params, ctx, user: user as UserRow });
        if (ctx.body === undefined || ctx.body === null) {
          if (this.options.checkReplies) checkReply(spec, reply);
          ctx.status = spec.status ?? 200;
          ctx.body = reply;
        }
      });
    }
    return router;
  }

  openapi(info: { title: string; version: string }): object {
    const paths: Record<string, Record<string, object>> = {};
    for (const spec of this.specs) {
      const path = spec.path.replace(/:(\w+)/g, '{$1}');
      const params = [...spec.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
      const queryParams = spec.query ? queryParameters(spec.query) : [];
      const responses: Record<string, object> = {
        [String(spec.status ?? 200)]: { description: 'OK', content: { 'application/json': { schema: jsonSchema(spec.reply, 'output') } } },
        400: errorResponse('Invalid input: the message names the first wrong field, `fields` all of them'),
        500: errorResponse('Unexpected failure'),
      };
      if (spec.access) {
        responses[401] = errorResponse('Not signed in, or the token was revoked');
        responses[403] = errorResponse(`A gate failed (${['signedIn', ...(spec.access.gates ?? [])].join(', ')})${spec.access.roles ? ` or the role is not ${spec.access.roles.join('/')}` : ''}`);
      }
      if (spec.rateLimit) {
        responses[429] = {
          ...errorResponse(`Too many requests from this user or address (the \`${spec.rateLimit}\` limit): the message says when to retry`),
          headers: { 'Retry-After': { description: 'Seconds until the next request is accepted', schema: { type: 'integer' } } },
        };
      }
      for (const [status, why] of Object.entries(spec.errors ?? {})) responses[status] = errorResponse(why);
      paths[path] ??= {};
      paths[path][spec.method] = {
        summary: spec.summary,
        tags: [spec.tag],
        ...(spec.description ? { description: spec.description } : {}),
        parameters: [...params, ...queryParams],
        ...(spec.access ? { security: [{ bearer: [] }] } : {}),
        ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(spec.body, 'input') } } } } : {}),
        responses,
      };
    }
    return { openapi: '3.1.0', info, paths, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } } };
  }
}

/** The reply as the client will read it (dates as ISO strings), against its declared schema. */
function checkReply(spec: RouteSpec<z.ZodType, z.ZodType, Access | undefined>, reply: unknown): void {
  const result = spec.reply.safeParse(JSON.parse(JSON.stringify(reply ?? null)));
  if (!result.success) {
    throw new Error(`The reply of ${spec.method.toUpperCase()} ${spec.path} breaks its contract: ${z.prettifyError(result.error)}`);
  }
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): object {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function queryParameters(schema: z.ZodType): object[] {
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, prop]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: prop,
  }));
}

function errorResponse(description: string): object {
  return { description, content: { 'application/json': { schema: jsonSchema(apiErrorSchema, 'output') } } };
}
