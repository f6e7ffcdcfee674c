/**
 * The stack the account screens need in a browser test: a real SMTP server that receives the api's mails, the
 * Stripe stand-in on a free port with its webhooks pointed at the api, and the api itself with its worker (mail
 * is a job) and roomy rate limits (a suite signs in dozens of times from one address).
 */
import { startStripeStandIn, type StripeStandIn } from '../../scripts/stand-ins/stripe/index.ts';
import { startTestSmtp, type TestSmtp } from './smtp.ts';
import { startApiForTest, type TestStack } from './stack.ts';

const WEBHOOK_SECRET = 'whsec_accounts_e2e';

export interface AccountStack {
  api: TestStack;
  smtp: TestSmtp;
  stripe: StripeStandIn;
  stop(): Promise<void>;
}

export async function startAccountStack(env: Record<string, string> = {}): Promise<AccountStack> {
  const smtp = await startTestSmtp();
  const stripe = await startStripeStandIn({ port: 0, webhookSecret: WEBHOOK_SECRET, webhookRetryDelaysMs: [50, 100, 200, 400], log: () => {} });
  const api = await startApiForTest({
    seed: 'none',
    worker: true,
    env: {
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      RATE_SIGNIN_PER_IP: '1000',
      RATE_SIGNIN_PER_ACCOUNT: '1000',
      RATE_CODES_PER_IP: '1000',
      RATE_CODES_PER_ACCOUNT: '1000',
      ...env,
    },
  });
  stripe.setWebhook({ url: `${api.url}/payment/webhook`, secret: WEBHOOK_SECRET });
  return {
    api,
    smtp,
    stripe,
    async stop() {
      await stripe.stop();
      await api.stop();
      await smtp.stop();
    },
  };
}
