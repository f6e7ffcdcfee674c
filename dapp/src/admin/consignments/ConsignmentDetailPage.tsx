import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { CONSIGNMENT_HOLDING_TEXT, CONSIGNMENT_STATUS_TEXT, consignmentMessages, PAYMENT_METHODS, paymentMethodForHolding, type AdminConsignment, type PaymentMethod } from '@gavel/domain';
import { useAdminConsignment, useReviewConsignment } from '../../api/consignments.ts';
import { useNotify } from '../../components/toast/use-notify.ts';
import { DateTime } from '../../dates/DateTime.tsx';
import { viewerTimeZone } from '../../dates/format-date.ts';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { adminErrorMessage, fieldErrors } from '../common/admin-errors.ts';
import { LoadError, PageHead, TableSkeleton } from '../common/states.tsx';
import { useAdminEvents } from '../events/events-api.ts';
import { fromLocalInput, toLocalInput } from '../lots/lot-form-state.ts';
import './consignments.css';

/** /s/admin/consignments/:id: the item as submitted, who offered it, and the review: accept into an event, or decline. */
export function ConsignmentDetailPage() {
  const { consignmentId = '' } = useParams();
  const item = useAdminConsignment(consignmentId);
  useDocumentTitle(item.data?.title ?? 'Consignment');
  if (item.isPending) return <TableSkeleton rows={6} />;
  if (item.isError) return <LoadError what="this consignment" onRetry={() => void item.refetch()} />;
  const c = item.data;
  const fact = (label: string, value: ReactNode, testId?: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <section className="admin-consignment" data-testid="admin-consignment">
      <PageHead title={c.title}>
        <span className="admin-pill admin-pill--info" data-testid="consignment-status">
          {CONSIGNMENT_STATUS_TEXT[c.status]}
        </span>
      </PageHead>
      <div className="admin-card">
        <dl className="admin-dl">
          {fact('Consignor', `${c.consignor.name ?? ''} <${c.consignor.email}>`, 'consignment-consignor')}
          {fact('Held as', CONSIGNMENT_HOLDING_TEXT[c.holding])}
          {c.inscriptionId && fact('Inscription id', <code>{c.inscriptionId}</code>)}
          {c.contractAddress && fact('Contract and token', <code>{`${c.contractAddress} #${c.tokenId}`}</code>)}
          {fact('Estimate (US$)', c.estimateLow || c.estimateHigh ? `${c.estimateLow ?? '?'} – ${c.estimateHigh ?? '?'}` : 'Not given')}
          {fact('Submitted', <DateTime iso={c.createdAt} />)}
          {c.declineReason && fact('Declined because', c.declineReason, 'consignment-reason')}
          {c.lotId && c.auctionEventId && fact('Lot', <Link to={`/s/admin/auctions/${c.auctionEventId}/lots/${c.lotId}`}>Open the lot</Link>, 'consignment-lot')}
        </dl>
        <p className="admin-consignment__description">{c.description}</p>
        {c.imageUrls.length > 0 && (
          <ul className="admin-consignment__images">
            {c.imageUrls.map((url) => (
              <li key={url}>
                <img src={url} alt="" width={120} height={120} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {c.status === 'submitted' && <Review item={c} />}
    </section>
  );
}

function Review({ item }: { item: AdminConsignment }) {
  const events = useAdminEvents({ page: 1, limit: 100 });
  const { accept, decline } = useReviewConsignment(item._id);
  const notify = useNotify();
  const now = Date.now();
  const [form, setForm] = useState({
    auctionEventId: '',
    paymentMethod: paymentMethodForHolding(item.holding) as PaymentMethod,
    startingBid: '',
    reservePrice: '',
    startTime: toLocalInput(now),
    endTime: toLocalInput(now + 7 * 86_400_000),
    published: true,
  });
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof form, value: string | boolean) => setForm((f) => ({ ...f, [key]: value }));

  const doAccept = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    accept.mutate(
      {
        auctionEventId: form.auctionEventId,
        paymentMethod: form.paymentMethod,
        startingBid: form.startingBid,
        reservePrice: form.reservePrice.trim() || null,
        startTime: fromLocalInput(form.startTime),
        endTime: fromLocalInput(form.endTime),
        published: form.published,
      },
      {
        onSuccess: (reply) => notify.success(reply.message, consignmentMessages.accepted),
        onError: (error) => {
          setErrors(fieldErrors(error));
          notify.failure(error, adminErrorMessage(error, 'Failed to accept the consignment'));
        },
      },
    );
  };
  const doDecline = () => {
    if (!reason.trim()) return setErrors({ reason: consignmentMessages.reasonRequired });
    decline.mutate(reason, {
      onSuccess: (reply) => notify.success(reply.message, consignmentMessages.declined),
      onError: (error) => {
        setErrors(fieldErrors(error));
        notify.failure(error, adminErrorMessage(error, 'Failed to decline the consignment'));
      },
    });
  };
  const error = (key: string) =>
    errors[key] && (
      <p className="field__error" data-testid={`accept-${key}-error`}>
        {errors[key]}
      </p>
    );
  const input = (key: 'startingBid' | 'reservePrice' | 'startTime' | 'endTime', label: string, type = 'text') => (
    <div className="field">
      <label className="field__label" htmlFor={`accept-${key}`}>
        {label}
      </label>
      <input
        id={`accept-${key}`}
        className="field__input"
        type={type}
        value={form[key]}
        aria-invalid={errors[key] ? true : undefined}
        onChange={(e) => set(key, e.target.value)}
        data-testid={`accept-${key}`}
      />
      {error(key)}
    </div>
  );

  return (
    <div className="admin-consignment__review">
      <form className="lot-form admin-card" onSubmit={doAccept} noValidate data-testid="accept-form">
        <fieldset className="lot-form__section">
          <legend>Accept as a lot</legend>
          <div className="field">
            <label className="field__label" htmlFor="accept-auctionEventId">
              Auction event
            </label>
            <select id="accept-auctionEventId" className="field__input" value={form.auctionEventId} onChange={(e) => set('auctionEventId', e.target.value)} data-testid="accept-auctionEventId">
              <option value="">Choose an event</option>
              {events.data?.data.map((event) => (
                <option key={event._id} value={event._id}>
                  {event.title}
                </option>
              ))}
            </select>
            {error('auctionEventId')}
          </div>
          <div className="field">
            <label className="field__label" htmlFor="accept-paymentMethod">
              Payment method
            </label>
            <select id="accept-paymentMethod" className="field__input" value={form.paymentMethod} onChange={(e) => set('paymentMethod', e.target.value)} data-testid="accept-paymentMethod">
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {method === 'Manual' ? 'USD' : method}
                </option>
              ))}
            </select>
          </div>
          <div className="lot-form__grid">
            {input('startingBid', 'Starting bid')}
            {input('reservePrice', 'Reserve (optional)')}
            {input('startTime', `Start time (${viewerTimeZone()})`, 'datetime-local')}
            {input('endTime', `End time (${viewerTimeZone()})`, 'datetime-local')}
          </div>
          <label className="lot-form__check">
            <input type="checkbox" checked={form.published} onChange={(e) => set('published', e.target.checked)} data-testid="accept-published" />
            Publish the lot now
          </label>
        </fieldset>
        <div className="lot-form__buttons">
          <button type="submit" className="btn btn--primary" disabled={accept.isPending} data-testid="accept-submit">
            {accept.isPending ? 'Accepting...' : 'Accept into event'}
          </button>
        </div>
      </form>
      <div className="admin-card" data-testid="decline-form">
        <div className="field">
          <label className="field__label" htmlFor="decline-reason">
            Reason for declining (sent to the consignor)
          </label>
          <textarea id="decline-reason" className="field__input" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="decline-reason" />
          {error('reason')}
        </div>
        <button type="button" className="btn btn--danger" disabled={decline.isPending} onClick={doDecline} data-testid="decline-submit">
          Decline
        </button>
      </div>
    </div>
  );
}
