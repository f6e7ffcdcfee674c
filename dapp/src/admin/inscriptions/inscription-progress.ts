/** Where an inscription being created stands, as the progress steps show it. */
export const PROGRESS_STEPS = ['Awaiting payment', 'Payment received', 'Revealed', 'Confirmed'] as const;

export interface Progress {
  /** Index into PROGRESS_STEPS of the step reached. */
  step: number;
  detail: string;
  failed: boolean;
}

export function progressOf(
  status: { status: string; confirmations: number | null } | undefined,
  payment: { paid: boolean; received: number; required: number; confirmations: number | null } | undefined,
): Progress {
  if (status?.status === 'failed') return { step: 2, detail: 'The reveal transaction was refused by the network.', failed: true };
  if (status?.status === 'confirmed') return { step: 3, detail: 'The reveal transaction is mined: the inscription is on chain.', failed: false };
  if (status?.status === 'revealed') return { step: 2, detail: 'The reveal transaction is broadcast; waiting for it to be mined.', failed: false };
  if (status?.status === 'expired') {
    // The money is the user's and only Gavel can spend it: the api still inscribes a payment a few days late.
    if (payment?.paid) return { step: 1, detail: 'Payment seen after the request expired: a payment up to a few days late is still inscribed once it is confirmed.', failed: false };
    return { step: 0, detail: 'No payment arrived before the deadline, so this request expired. Do not send anything to its address: create a new inscription instead.', failed: true };
  }
  if (payment?.paid) {
    const n = payment.confirmations ?? 0;
    return { step: 1, detail: `Payment seen (${n} confirmation${n === 1 ? '' : 's'}); the reveal follows once it is confirmed.`, failed: false };
  }
  if (payment && payment.received > 0) {
    return { step: 0, detail: `Received ${payment.received.toLocaleString('en-US')} of ${payment.required.toLocaleString('en-US')} sats: one payment must carry the whole amount.`, failed: false };
  }
  return { step: 0, detail: 'Waiting for the payment to the address below.', failed: false };
}
