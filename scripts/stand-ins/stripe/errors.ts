/**
 * Stripe's error replies: `{ error: { type, code, decline_code, message, param, doc_url, ... } }` with the
 * HTTP status the SDK maps to its error classes (400/404 invalid request, 401 authentication, 402 card,
 * 400 idempotency_error). Messages are Stripe's own wording, so code that shows them behaves as in production.
 */

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  /** Card errors carry the object the attempt was made on, as Stripe's do. */
  payment_intent?: unknown;
  setup_intent?: unknown;
  payment_method?: unknown;
  charge?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    /**
     * Stripe saves an idempotent result only once the endpoint started executing: a request refused for bad
     * parameters may be retried with the same key and corrected parameters.
     */
    readonly replayable = true,
  ) {
    super(body.message);
  }
}

const docUrl = (code: string) => `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}`;

function invalid(message: string, code?: string, param?: string, status = 400, replayable = true): StripeApiError {
  return new StripeApiError(status, { type: 'invalid_request_error', message, ...(code ? { code, doc_url: docUrl(code) } : {}), ...(param ? { param } : {}) }, replayable);
}

const mask = (key: string) => `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;

export const errors = {
  missingKey: () =>
    invalid(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      undefined,
      undefined,
      401,
      false,
    ),
  invalidKey: (key: string) => invalid(`Invalid API Key provided: ${mask(key)}`, undefined, undefined, 401, false),
  publishableKeyNotAllowed: () =>
    invalid(
      'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
      undefined,
      undefined,
      401,
      false,
    ),
  unrecognizedUrl: (method: string, path: string) =>
    invalid(`Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`, undefined, undefined, 404, false),
  noSuch: (what: string, id: string, param = 'id') => invalid(`No such ${what}: '${id}'`, 'resource_missing', param, 404, false),
  missingParam: (param: string) => invalid(`Missing required param: ${param}.`, 'parameter_missing', param, 400, false),
  unknownParam: (param: string) => invalid(`Received unknown parameter: ${param}`, 'parameter_unknown', param, 400, false),
  invalidInteger: (param: string, value: unknown) => invalid(`Invalid integer: ${String(value)}`, 'parameter_invalid_integer', param, 400, false),
  invalidBoolean: (param: string, value: unknown) => invalid(`Invalid boolean: ${String(value)}`, 'parameter_invalid_empty', param, 400, false),
  invalidEnum: (param: string, allowed: readonly string[]) => invalid(`Invalid ${param}: must be one of ${allowed.join(', ')}`, 'parameter_invalid_string', param, 400, false),
  invalidParam: (param: string, message: string) => invalid(message, 'parameter_invalid_string', param, 400, false),
  invalidCurrency: (currency: string) => invalid(`Invalid currency: ${currency}. Stripe currently supports these currencies: usd, eur, gbp.`, 'parameter_invalid_string', 'currency', 400, false),
  amountTooSmall: (minimum: number, currency: string) => invalid(`Amount must be at least ${formatMinimum(minimum, currency)}`, 'amount_too_small', 'amount', 400, false),
  clientSecretMismatch: (kind: 'PaymentIntent' | 'SetupIntent') =>
    invalid(`The client_secret provided does not match the client_secret associated with the ${kind}.`, undefined, 'client_secret', 400, false),
  unexpectedState: (code: 'payment_intent_unexpected_state' | 'setup_intent_unexpected_state', message: string) => invalid(message, code),
  idempotencyMismatch: (key: string) =>
    new StripeApiError(
      400,
      {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      },
      false,
    ),
  idempotencyKeyTooLong: () => invalid('Idempotency key length must be at most 255 characters.', undefined, undefined, 400, false),
  /** A card refusal (402): the caller shows `message`, code and decline_code say why. */
  card: (decline: CardDecline, attached: Pick<StripeErrorBody, 'payment_intent' | 'setup_intent' | 'payment_method' | 'charge'> = {}) =>
    new StripeApiError(402, {
      type: 'card_error',
      message: decline.message,
      code: decline.code,
      ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
      ...(decline.param ? { param: decline.param } : {}),
      doc_url: docUrl(decline.code),
      ...attached,
    }),
};

export interface CardDecline {
  code: string;
  decline_code?: string;
  message: string;
  param?: string;
}

function formatMinimum(minimum: number, currency: string): string {
  const symbol = currency === 'usd' ? '$' : currency === 'eur' ? '€' : currency === 'gbp' ? '£' : '';
  return `${symbol}${(minimum / 100).toFixed(2)} ${currency}`;
}
