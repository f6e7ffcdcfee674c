/**
 * What the api says when it will not do what it was asked (a feature, a route, a limit): the kind of refusal, the
 * spec's message and its code, and the fields at fault. None of them names an HTTP status: the http edge
 * (http/errors.ts) turns each kind into its status, so the mapping lives in one place and a feature can be called
 * from a job, a worker or a flow alike.
 */
import { messages } from '@gavel/domain';

export type RefusalKind =
  /** The request names or carries something that is not right (a field, an amount, a signature). */
  | 'invalid'
  /** Nobody is signed in, or the session has ended. */
  | 'unauthenticated'
  /** The payment method was declined or cannot pay this. */
  | 'payment_refused'
  /** The caller may not do this (a role, a gate, a whitelist). */
  | 'forbidden'
  | 'not_found'
  /** The thing asked for is in a state that does not allow it now (sold, closed, already done). */
  | 'conflict'
  /** It existed and is gone for good (an offer or a wallet challenge that expired). */
  | 'gone'
  | 'too_large'
  /** A body or file of a type that is not taken (an upload that is not an image, a form that is not multipart). */
  | 'unsupported_type'
  /** Well-formed, but what it names cannot be used (a token the chain does not have). */
  | 'unprocessable'
  | 'too_many'
  /** An outside service answered with something unusable. */
  | 'upstream_failed'
  /** A service the request needs cannot be used just now; a retry later will do. */
  | 'unavailable';

export class Refused extends Error {
  override name = 'Refused';
  /** Headers the reply carries (e.g. Retry-After when the wait is known). */
  readonly headers: Record<string, string> = {};

  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly code: string,
    readonly fields?: Record<string, string>,
    /** Extra keys the client needs to act on the refusal (e.g. the lot's current minimum). */
    readonly extra?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = messages.server.notFound) => new Refused('not_found', message, 'not_found');

/** A refusal whose message is also the text of the one field at fault, when there is one. */
export const refusedAt = (kind: RefusalKind, message: string, code: string, field?: string) => new Refused(kind, message, code, field ? { [field]: message } : undefined);
