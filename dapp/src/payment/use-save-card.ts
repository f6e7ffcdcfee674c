import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { paymentMessages, type PaymentMethodReply } from '@gavel/domain';
import { createSetupIntent, fetchPaymentMethod, usePaymentMethod } from '../api/payments.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useNotify } from '../components/toast/use-notify.ts';
import { useSession } from '../session/use-session.ts';
import { cardCollectorFor, PaymentError, type CardDetails } from './card-collector.ts';
import { verificationSettled } from './verification.ts';

export type SavePhase =
  | { name: 'idle' }
  /** Creating the SetupIntent and handing the card to Stripe. */
  | { name: 'saving' }
  /** Stripe accepted the card; the api is placing and releasing the $1 hold. */
  | { name: 'verifying'; snapshot: PaymentMethodReply | null; startedAt: number; seenPending: boolean };

const IDLE: SavePhase = { name: 'idle' };
/** The card state before a 3D Secure redirect, so the verification can be told apart from it on return. */
const SNAPSHOT_KEY = 'gavel.payment.snapshot';

/** Saving a card: SetupIntent, card to Stripe, then following the api's verification hold until it is decided. */
export function useSaveCard() {
  const [phase, setPhase] = useState<SavePhase>(IDLE);
  const [declined, setDeclined] = useState<string | null>(null);
  const method = usePaymentMethod(phase.name === 'verifying');
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { refreshUser } = useSession();
  const [params, setParams] = useSearchParams();

  const refuse = useCallback(
    (message: string) => {
      setDeclined(message);
      notify.failure(null, message);
      setPhase(IDLE);
    },
    [notify],
  );

  // Back from the 3D Secure page: Stripe appends redirect_status to our return_url.
  const redirectStatus = params.get('redirect_status');
  useEffect(() => {
    if (!redirectStatus) return;
    setParams({}, { replace: true });
    const snapshot = JSON.parse(sessionStorage.getItem(SNAPSHOT_KEY) ?? 'null') as PaymentMethodReply | null;
    sessionStorage.removeItem(SNAPSHOT_KEY);
    if (redirectStatus === 'succeeded') setPhase({ name: 'verifying', snapshot, startedAt: Date.now(), seenPending: false });
    else refuse(paymentMessages.cardRefused);
  }, [redirectStatus, setParams, refuse]);

  // Opened while a card is being checked (the page was reloaded mid-way): follow that check, don't offer the form.
  const pendingOnLoad = phase.name === 'idle' && method.data?.status === 'pending';
  useEffect(() => {
    if (pendingOnLoad) setPhase({ name: 'verifying', snapshot: null, startedAt: Date.now(), seenPending: true });
  }, [pendingOnLoad]);

  // Each poll: has the hold decided this card yet?
  // biome-ignore lint/correctness/useExhaustiveDependencies: every poll re-checks the deadline, even when the reply is unchanged and keeps its object
  useEffect(() => {
    if (phase.name !== 'verifying' || !method.data) return;
    const seenPending = phase.seenPending || method.data.status === 'pending';
    if (!verificationSettled(phase.snapshot, method.data, seenPending, Date.now() - phase.startedAt)) {
      if (seenPending !== phase.seenPending) setPhase({ ...phase, seenPending });
      return;
    }
    if (method.data.status === 'verified') {
      setPhase(IDLE);
      notify.success(undefined, paymentMessages.verified);
      void refreshUser();
    } else {
      refuse(method.data.error ?? paymentMessages.cardRefused);
    }
  }, [phase, method.data, method.dataUpdatedAt, notify, refreshUser, refuse]);

  const save = useCallback(
    async (card: CardDetails) => {
      setDeclined(null);
      setPhase({ name: 'saving' });
      try {
        const snapshot = await queryClient.fetchQuery({ queryKey: queryKeys.account.paymentMethod, queryFn: () => fetchPaymentMethod(), staleTime: 0 });
        const setup = await createSetupIntent();
        const outcome = await cardCollectorFor(setup).confirmSetup(setup, card, `${window.location.origin}/payment-details`);
        if (outcome.status === 'requires_action') {
          sessionStorage.setItem(SNAPSHOT_KEY, JSON.stringify(snapshot));
          window.location.assign(outcome.url);
          return;
        }
        if (outcome.status === 'declined') return refuse(outcome.message);
        setPhase({ name: 'verifying', snapshot, startedAt: Date.now(), seenPending: false });
      } catch (error) {
        notify.failure(error, error instanceof PaymentError ? error.message : paymentMessages.initFailed);
        setPhase(IDLE);
      }
    },
    [queryClient, notify, refuse],
  );

  return { phase, declined, method, save };
}
