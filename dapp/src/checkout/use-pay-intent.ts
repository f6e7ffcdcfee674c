import { useCallback, useState } from 'react';
import { paymentMessages } from '@gavel/domain';
import { useNotify } from '../components/toast/use-notify.ts';
import { PaymentError, type CardDetails } from '../payment/card-collector.ts';
import { confirmPayment, type PayableIntent } from './confirm-payment.ts';

/**
 * Paying one prepared intent: busy while the card goes to Stripe, the card's refusal kept for the form, a 3D
 * Secure page followed (it returns to `returnUrl`). Resolves true once the money is held or taken.
 */
export function usePayIntent() {
  const [paying, setPaying] = useState(false);
  const [declined, setDeclined] = useState<string | null>(null);
  const notify = useNotify();

  const pay = useCallback(
    async (intent: PayableIntent, card: CardDetails | null, returnUrl: string): Promise<boolean> => {
      setPaying(true);
      setDeclined(null);
      try {
        const outcome = await confirmPayment(intent, card, returnUrl);
        if (outcome.status === 'requires_action') {
          window.location.assign(outcome.url);
          return false;
        }
        if (outcome.status === 'declined') {
          setDeclined(outcome.message);
          notify.failure(null, outcome.message);
          return false;
        }
        return true;
      } catch (error) {
        notify.failure(null, error instanceof PaymentError ? error.message : paymentMessages.failed);
        return false;
      } finally {
        setPaying(false);
      }
    },
    [notify],
  );

  return { pay, paying, declined };
}
