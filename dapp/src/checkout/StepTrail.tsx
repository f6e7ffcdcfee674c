import { CHECKOUT_STEPS, type CheckoutStep } from '../state/checkout.ts';

const LABELS: Record<CheckoutStep, string> = {
  checkout: 'Payment',
  'payment-details': 'Details',
  'card-verification': 'Verification',
  congratulations: 'Confirm',
  cart: 'Cart',
  'final-checkout': 'Pay',
};

/**
 * Where the bidder is in the checkout's sequence: the steps of this flow, done ones ticked, the current one marked.
 * `complete`: the flow is over (a payment went through), every step ticked.
 */
export function StepTrail({ step, steps = CHECKOUT_STEPS.slice(0, 4), complete = false }: { step: CheckoutStep; steps?: readonly CheckoutStep[]; complete?: boolean }) {
  const current = complete ? steps.length : steps.indexOf(step);
  return (
    <ol className="step-trail" aria-label="Checkout steps" data-testid="checkout-steps" data-step={complete ? 'complete' : step}>
      {steps.map((name, index) => (
        <li key={name} className="step-trail__step" data-state={index < current ? 'done' : index === current ? 'current' : 'todo'} aria-current={index === current ? 'step' : undefined}>
          <span className="step-trail__dot">{index + 1}</span>
          <span className="step-trail__label">{LABELS[name]}</span>
        </li>
      ))}
    </ol>
  );
}
