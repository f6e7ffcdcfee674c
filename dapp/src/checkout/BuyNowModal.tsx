import type { Lot } from '@gavel/domain';
import { useAppDispatch, useAppSelector } from '../state/store.ts';
import { Modal } from '../components/modal/Modal.tsx';
import { BuyNowPay } from './BuyNowPay.tsx';
import { BuyNowToCart } from './BuyNowToCart.tsx';
import { BuyNowWallet } from './BuyNowWallet.tsx';
import { closeCheckout } from '../state/checkout.ts';
import './checkout.css';

/**
 * The Buy Now modal. BUY NOW pays the Buy Now price by card at once (a BTC lot: signs an offer at that price
 * with the Bitcoin wallet); ADD TO CART buys a USD lot now and leaves the payment to the cart (cart, then
 * final-checkout), for someone buying several lots together.
 */
export function BuyNowModal({ lot }: { lot: Lot }) {
  const buyNow = useAppSelector((state) => state.checkout.buyNow);
  const dispatch = useAppDispatch();
  const open = buyNow?.lotId === lot._id;
  const close = () => dispatch(closeCheckout());
  return (
    <Modal open={open} title={buyNow?.mode === 'cart' ? 'Add to cart' : 'Buy Now'} onClose={close} testId="buy-now-modal">
      {lot.paymentMethod === 'BTC' ? <BuyNowWallet lot={lot} onDone={close} /> : buyNow?.mode === 'cart' ? <BuyNowToCart lot={lot} onDone={close} /> : <BuyNowPay lot={lot} onDone={close} />}
    </Modal>
  );
}
