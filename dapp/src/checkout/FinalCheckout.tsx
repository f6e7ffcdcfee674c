import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { checkoutMessages, paymentMessages } from '@gavel/domain';
import { queryKeys } from '../api/query-keys.ts';
import { useNotify } from '../components/toast/use-notify.ts';
import { lotAmount } from '../lots/lot-money.ts';
import { usePaymentMethod } from '../api/payments.ts';
import { cardIsReady, cardLabel } from '../payment/card-label.ts';
import { PaymentCardForm } from './PaymentCardForm.tsx';
import { PaymentInitFailed } from './PaymentInitFailed.tsx';
import { PaymentSignIn, useSignedIn } from './PaymentSignIn.tsx';
import { useCheckoutIntent } from './use-checkout-intent.ts';
import { usePayIntent } from './use-pay-intent.ts';

/**
 * The final-checkout step: the selected lots, the $0 service fee and the real total from the api, paid in
 * one PaymentIntent with the saved card or a card entered here. The webhook marks the lots paid.
 */
export function FinalCheckout({ lotIds, onPaid }: { lotIds: string[]; onPaid: () => void }) {
  const signedIn = useSignedIn();
  const intent = useCheckoutIntent(signedIn ? lotIds : []);
  const method = usePaymentMethod(false).data;
  const { pay, paying, declined } = usePayIntent();
  const [newCard, setNewCard] = useState(false);
  const queryClient = useQueryClient();
  const notify = useNotify();

  if (!signedIn) return <PaymentSignIn message={paymentMessages.loginToPay} />;
  if (intent.failure) return <PaymentInitFailed message={intent.failure} />;
  if (!intent.data) {
    return (
      <div className="checkout-step" aria-busy="true" data-testid="final-checkout-loading">
        <span className="skeleton" style={{ height: 120 }} />
      </div>
    );
  }
  const reply = intent.data;
  const total = lotAmount(reply.total, 'USD');
  const returnUrl = `${window.location.origin}/cart`;
  const paid = async (card: Parameters<typeof pay>[1]) => {
    if (!(await pay(reply, card, returnUrl))) return;
    notify.success(undefined, checkoutMessages.paid);
    void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
    onPaid();
  };
  const saved = cardIsReady(method) && !newCard;

  return (
    <div className="checkout-step" data-testid="final-checkout">
      <dl className="checkout-summary">
        {reply.items.map((item) => (
          <div key={item.lotId}>
            <dt>{item.title}</dt>
            <dd>{lotAmount(item.amount, 'USD')}</dd>
          </div>
        ))}
        <div>
          <dt>Service fee</dt>
          <dd data-testid="final-checkout-fee">{lotAmount(reply.serviceFee, 'USD')}</dd>
        </div>
        <div className="checkout-summary__total">
          <dt>Total</dt>
          <dd data-testid="final-checkout-total">{total}</dd>
        </div>
      </dl>
      {declined && (
        <p className="form-banner form-banner--error" role="alert" data-testid="final-checkout-declined">
          {declined}
        </p>
      )}
      {saved ? (
        <>
          <button type="button" className="btn btn--accent btn--block" disabled={paying} data-testid="pay-saved-card" onClick={() => void paid(null)}>
            {paying ? 'Processing…' : `Pay ${total} with ${cardLabel(method)}`}
          </button>
          <button type="button" className="btn btn--ghost btn--block" onClick={() => setNewCard(true)}>
            Use another card
          </button>
        </>
      ) : (
        <PaymentCardForm submitLabel={`Pay ${total}`} busy={paying} onPay={(card) => void paid(card)} />
      )}
    </div>
  );
}
