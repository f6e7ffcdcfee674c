import { useEffect, useState } from 'react';
import { CARD_PAYMENT_MARKER, paymentMessages, type Lot, type PlaceBidReply } from '@gavel/domain';
import { useAppDispatch, useAppSelector } from '../state/store.ts';
import { Modal } from '../components/modal/Modal.tsx';
import { bidFailureBanner, usePlaceBid } from '../bidding/use-place-bid.ts';
import { useBidWallet } from '../bidding/use-bid-wallet.ts';
import { useSaveCard } from '../payment/use-save-card.ts';
import { useCardHoldRate } from '../api/payments.ts';
import { useCurrentUser } from '../session/use-current-user.ts';
import { BidPlaced } from './BidPlaced.tsx';
import { ladderOf } from './BitcoinBidPanel.tsx';
import { CardVerificationStep } from './CardVerificationStep.tsx';
import { cardVerified, closeCheckout, goToStep, type CheckoutStep } from '../state/checkout.ts';
import { cardIsReady } from '../payment/card-label.ts';
import { ConfirmBidStep } from './ConfirmBidStep.tsx';
import { useOwnMaximum } from '../bidding/maximum-bid.ts';
import { PaymentChoiceStep } from './PaymentChoiceStep.tsx';
import { PaymentDetailsStep } from './PaymentDetailsStep.tsx';
import { PaymentSignIn, useSignedIn } from './PaymentSignIn.tsx';
import { StepTrail } from './StepTrail.tsx';
import './checkout.css';

const TITLES: Partial<Record<CheckoutStep, string>> = {
  checkout: 'Checkout',
  'payment-details': 'Payment details',
  'card-verification': 'Card verification',
  congratulations: 'Confirm your bid',
};

/** The CHECKOUT modal for a bid on `lot`; open while the checkout slice holds a bid on it. */
export function BidCheckoutModal({ lot }: { lot: Lot }) {
  const { bid, step } = useAppSelector((state) => state.checkout);
  const walletAddress = useBidWallet(lot).address;
  const signedIn = useSignedIn();
  const dispatch = useAppDispatch();
  const [placed, setPlaced] = useState<PlaceBidReply | null>(null);
  const open = bid?.lotId === lot._id;
  const close = () => {
    dispatch(closeCheckout());
    setPlaced(null);
  };
  return (
    <Modal open={open} title={placed ? 'Bid placed' : (TITLES[step] ?? 'Checkout')} onClose={close} testId="bid-checkout">
      {bid && !signedIn && <PaymentSignIn message={paymentMessages.login} />}
      {bid && signedIn && <BidCheckoutFlow lot={lot} amount={bid.amount} maximum={bid.maximum} walletAddress={walletAddress} placed={placed} onPlaced={setPlaced} onDone={close} />}
    </Modal>
  );
}

interface FlowProps {
  lot: Lot;
  amount: string;
  maximum: string | undefined;
  walletAddress: string | null;
  placed: PlaceBidReply | null;
  onPlaced: (reply: PlaceBidReply) => void;
  onDone: () => void;
}

/** The steps themselves; mounted only while the modal is open, so closed it asks the api for nothing. */
function BidCheckoutFlow({ lot, amount, maximum, walletAddress, placed, onPlaced, onDone }: FlowProps) {
  const { step, choice, trail } = useAppSelector((state) => state.checkout);
  const dispatch = useAppDispatch();
  const card = useSaveCard();
  const method = card.method.data;
  const placeBid = usePlaceBid(lot);
  const holdRate = useCardHoldRate(lot.unit === 'sats').data;
  const country = useCurrentUser().user?.country ?? null;
  const busySaving = card.phase.name !== 'idle';
  const leadingMaximum = useOwnMaximum(lot._id).leading;

  // card-verification moves on by itself: at once for a verified saved card, after its $1 check for a new one.
  useEffect(() => {
    if (step !== 'card-verification' || busySaving) return;
    if (card.declined) dispatch(goToStep('payment-details'));
    else if (cardIsReady(method)) dispatch(cardVerified());
  }, [step, busySaving, card.declined, method, dispatch]);

  /** No wallet address: a pay-later bid (the api checks the bidding limit). */
  const submit = (walletAddressForBid: string | undefined) => placeBid.mutate({ amount, walletAddress: walletAddressForBid, ...(maximum !== undefined && { maximum }) }, { onSuccess: onPlaced });

  if (placed) return <BidPlaced lot={lot} reply={placed} onDone={onDone} />;
  return (
    <>
      {trail && <StepTrail step={step} />}
      {step === 'checkout' && <PaymentChoiceStep lot={lot} method={method} walletAddress={walletAddress} />}
      {step === 'payment-details' && (
        <PaymentDetailsStep
          choice={choice}
          method={method}
          saving={busySaving}
          declined={card.declined}
          walletAddress={walletAddress}
          withMaximum={maximum !== undefined}
          ladder={ladderOf(lot, amount, maximum)}
          onSaveCard={(details) => {
            void card.save(details);
            dispatch(goToStep('card-verification'));
          }}
          onWalletBid={() => walletAddress && submit(walletAddress)}
          walletBidding={placeBid.isPending}
          onPayLaterBid={() => submit(undefined)}
          bidError={placeBid.isError ? bidFailureBanner(placeBid.error) : null}
        />
      )}
      {step === 'card-verification' && <CardVerificationStep />}
      {step === 'congratulations' && (
        <ConfirmBidStep
          lot={lot}
          amount={amount}
          maximum={maximum}
          leadingMaximum={leadingMaximum}
          method={method}
          cardJustSaved={choice === 'card'}
          holdRate={holdRate}
          country={country}
          pending={placeBid.isPending}
          error={placeBid.isError ? bidFailureBanner(placeBid.error) : null}
          onConfirm={() => submit(CARD_PAYMENT_MARKER)}
        />
      )}
    </>
  );
}
