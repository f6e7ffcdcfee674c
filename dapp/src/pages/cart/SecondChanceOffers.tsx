import { Link } from 'react-router';
import { unpaidMessages, type SecondChanceOffer } from '@gavel/domain';
import { ApiRequestError, serverMessage } from '../../api/http.ts';
import { useAcceptSecondChance, useSecondChanceOffers } from '../../api/second-chance.ts';
import { LotImage } from '../../components/lot-card/LotImage.tsx';
import { useNotify } from '../../components/toast/use-notify.ts';
import { formatDateTime } from '../../dates/format-date.ts';
import { lotAmount } from '../../lots/lot-money.ts';

/**
 * Lots whose buyer did not pay, offered to the user at their last bid: Accept charges the saved card and the lot
 * is theirs (it then shows in the cart, paid). Nothing is shown when there is no offer.
 */
export function SecondChanceOffers() {
  const offers = useSecondChanceOffers();
  if (!offers.data?.length) return null;
  return (
    <section className="second-chance" aria-labelledby="second-chance-title" data-testid="second-chance-offers">
      <h2 id="second-chance-title" className="lot-panel__title">
        Second-chance offers
      </h2>
      <ul className="cart-list">
        {offers.data.map((offer) => (
          <OfferRow key={offer._id} offer={offer} />
        ))}
      </ul>
    </section>
  );
}

function OfferRow({ offer }: { offer: SecondChanceOffer }) {
  const accept = useAcceptSecondChance();
  const notify = useNotify();
  const needsCard = accept.error instanceof ApiRequestError && accept.error.code === 'gate_paymentMethod';
  const onAccept = () =>
    accept.mutate(offer._id, {
      onSuccess: (reply) => notify.success(reply.message, unpaidMessages.accepted),
    });
  return (
    <li className="cart-item" data-testid="second-chance-offer" data-offer-id={offer._id}>
      <span className="cart-item__check" aria-hidden="true" />
      <div className="cart-item__image">
        <LotImage url={offer.lot.imageUrl ?? undefined} alt="" />
      </div>
      <div className="cart-item__body">
        <Link to={`/auctions/${offer.lotId}`} className="cart-item__title">
          {offer.lot.title}
        </Link>
        <span className="cart-item__meta">
          The winning buyer did not pay: it is yours at your last bid if you accept by {formatDateTime(offer.expiresAt)}. Your saved card is charged when you accept.
        </span>
        {accept.isError && (
          <span role="alert" className="form-error" data-testid="second-chance-error">
            {serverMessage(accept.error) ?? 'The offer could not be accepted. Please try again.'}
            {needsCard && (
              <>
                {' '}
                <Link to="/payment-details">Add a payment method</Link>
              </>
            )}
          </span>
        )}
      </div>
      <div className="cart-item__side">
        <strong className="cart-item__amount" data-testid="second-chance-amount">
          {lotAmount(offer.amount, offer.unit)}
        </strong>
        <button type="button" className="btn btn--accent" disabled={accept.isPending || offer.status !== 'open'} data-testid="second-chance-accept" onClick={onAccept}>
          {accept.isPending ? 'Paying…' : 'Accept and pay'}
        </button>
      </div>
    </li>
  );
}
