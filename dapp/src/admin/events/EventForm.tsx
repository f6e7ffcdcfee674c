import { useState, type FormEvent } from 'react';
import { auctionEventBodySchema, parseRateText, parseTaxText, rateTableText, taxTableText, type AdminAuctionEvent, type AuctionEventBody, type RateScheduleWire } from '@gavel/domain';
import { fieldErrors } from '../common/admin-errors.ts';
import { fromLocalInput, toLocalInput } from '../lots/lot-form-state.ts';
import { viewerTimeZone } from '../../dates/format-date.ts';

interface EventFormProps {
  event?: AdminAuctionEvent;
  onSubmit: (body: AuctionEventBody) => Promise<void>;
  onCancel: () => void;
}

/** Create or edit an auction event: title, description, slug, its window, and whether bidding is whitelist-only. */
export function EventForm({ event, onSubmit, onCancel }: EventFormProps) {
  const [form, setForm] = useState({
    title: event?.title ?? '',
    description: event?.description ?? '',
    slug: event?.slug ?? '',
    startTime: event ? toLocalInput(event.startTime) : '',
    endTime: event ? toLocalInput(event.endTime) : '',
    whitelistOnly: event?.whitelistOnly ?? false,
    vaultBidsRequired: event?.vaultBidsRequired ?? false,
    firstCloseAt: event?.firstCloseAt ? toLocalInput(event.firstCloseAt) : '',
    closeIntervalSeconds: event?.closeIntervalSeconds ? String(event.closeIntervalSeconds) : '',
    ...ratesText(event),
    buyerTax: taxTableText(event?.buyerTax),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof form, value: string | boolean) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const turnsChanged =
      form.firstCloseAt !== (event?.firstCloseAt ? toLocalInput(event.firstCloseAt) : '') || form.closeIntervalSeconds !== (event?.closeIntervalSeconds ? String(event.closeIntervalSeconds) : '');
    const body = {
      title: form.title,
      description: form.description,
      slug: form.slug.trim() || undefined,
      startTime: fromLocalInput(form.startTime),
      endTime: fromLocalInput(form.endTime),
      whitelistOnly: form.whitelistOnly,
      vaultBidsRequired: form.vaultBidsRequired,
      // Sent only when changed (setting them rewrites every lot's end). Both empty: each lot keeps its own end;
      // the api names the field when only one is set.
      ...(turnsChanged
        ? {
            firstCloseAt: form.firstCloseAt ? fromLocalInput(form.firstCloseAt) : null,
            closeIntervalSeconds: form.closeIntervalSeconds.trim() === '' ? null : Number(form.closeIntervalSeconds),
          }
        : {}),
    };
    let rates: ReturnType<typeof ratesOf>;
    try {
      rates = ratesOf(form, event);
    } catch (error) {
      setErrors({ [(error as RateError).field]: (error as RateError).message });
      return;
    }
    Object.assign(body, rates);
    // The tax table, sent only when changed (a new event without one keeps the house's default).
    if (form.buyerTax !== taxTableText(event?.buyerTax)) {
      try {
        Object.assign(body, { buyerTax: parseTaxText(form.buyerTax) });
      } catch (error) {
        setErrors({ buyerTax: (error as Error).message });
        return;
      }
    }
    // The shape rules are domain's schema; the window's order is the api's to judge (its message comes back as a field).
    const check = auctionEventBodySchema.safeParse(body);
    if (!check.success) {
      setErrors(Object.fromEntries(check.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSubmit(check.data);
    } catch (error) {
      setErrors(fieldErrors(error));
    } finally {
      setSaving(false);
    }
  };

  const input = (key: 'title' | 'slug' | 'startTime' | 'endTime' | 'firstCloseAt' | 'closeIntervalSeconds' | RateField, label: string, type = 'text', hint?: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`event-${key}`}>
        {label}
      </label>
      <input
        id={`event-${key}`}
        className="field__input"
        type={type}
        value={form[key]}
        aria-invalid={errors[key] ? true : undefined}
        onChange={(e) => set(key, e.target.value)}
        data-testid={`event-${key}`}
      />
      {hint && !errors[key] && <p className="field__hint">{hint}</p>}
      {errors[key] && (
        <p className="field__error" data-testid={`event-${key}-error`}>
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <form className="lot-form" onSubmit={(e) => void submit(e)} noValidate data-testid="event-form">
      <fieldset className="lot-form__section">
        <legend>Auction event</legend>
        {input('title', 'Title')}
        <div className="field">
          <label className="field__label" htmlFor="event-description">
            Description
          </label>
          <textarea id="event-description" className="field__input" rows={4} value={form.description} onChange={(e) => set('description', e.target.value)} data-testid="event-description" />
        </div>
        {input('slug', 'Slug (optional)', 'text', 'Made from the title when left empty, e.g. winter-sale-2026.')}
        <div className="lot-form__grid">
          {input('startTime', `Start time (${viewerTimeZone()})`, 'datetime-local')}
          {input('endTime', `End time (${viewerTimeZone()})`, 'datetime-local')}
        </div>
        <div className="lot-form__grid">
          {input('firstCloseAt', `First lot closes (${viewerTimeZone()})`, 'datetime-local', 'Optional: lots then close in turn, in lot order.')}
          {input('closeIntervalSeconds', 'Seconds between closes', 'number', 'e.g. 60 closes one lot a minute.')}
        </div>
        <label className="lot-form__check">
          <input type="checkbox" checked={form.whitelistOnly} onChange={(e) => set('whitelistOnly', e.target.checked)} data-testid="event-whitelistOnly" />
          Only whitelisted bidders may bid
        </label>
        <label className="lot-form__check">
          <input type="checkbox" checked={form.vaultBidsRequired} onChange={(e) => set('vaultBidsRequired', e.target.checked)} data-testid="event-vaultBidsRequired" />
          Binding Bitcoin bids: every BTC lot takes Bitcoin bids only from bidders’ vaults
        </label>
      </fieldset>
      <fieldset className="lot-form__section" data-testid="event-rates">
        <legend>Buyer’s premium and seller’s commission</legend>
        <p className="field__hint">Tiers of the hammer price, e.g. 25% to 1000000.00, 20% to 6000000.00, 15%. Empty: none. Thresholds in each lot’s unit.</p>
        {(errors.buyerPremium || errors.sellerCommission) && (
          <p className="field__error" data-testid="event-rates-error">
            {errors.buyerPremium ?? errors.sellerCommission}
          </p>
        )}
        <div className="lot-form__grid">
          {input('premiumUSD', 'Buyer’s premium, USD lots')}
          {input('commissionUSD', 'Seller’s commission, USD lots')}
          {input('premiumSats', 'Buyer’s premium, BTC lots (sats)')}
          {input('commissionSats', 'Seller’s commission, BTC lots (sats)')}
          <p className="field__hint" data-testid="event-premium-eth">
            Buyer’s premium, ETH lots: the auction contract’s own, fixed when each on-chain auction is created (the contract’s owner sets it); each ETH lot shows its rate and all-in.
          </p>
          <p className="field__hint" data-testid="event-commission-eth">
            Seller’s commission, ETH lots: the auction contract’s fee, kept from the winning bid at settlement.
          </p>
        </div>
      </fieldset>
      <fieldset className="lot-form__section" data-testid="event-tax">
        <legend>Buyer’s tax (VAT or sales tax), USD lots</legend>
        <div className="field">
          <label className="field__label" htmlFor="event-buyerTax">
            One country a line, by the country in the buyer’s profile
          </label>
          <textarea
            id="event-buyerTax"
            className="field__input"
            rows={3}
            value={form.buyerTax}
            onChange={(e) => set('buyerTax', e.target.value)}
            aria-describedby="event-buyerTax-hint"
            data-testid="event-buyerTax"
          />
          <p className="field__hint" id="event-buyerTax-hint">
            e.g. United Kingdom 20% on premium, or Texas 6.25% on total (hammer and premium). List each spelling buyers use (UK too). A buyer with no country, or one not listed, pays none.
          </p>
          {errors.buyerTax && (
            <p className="field__error" data-testid="event-buyerTax-error">
              {errors.buyerTax}
            </p>
          )}
        </div>
      </fieldset>
      <div className="lot-form__buttons">
        <button type="button" className="btn btn--ghost" onClick={onCancel} data-testid="event-cancel">
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={saving} data-testid="event-submit">
          {saving ? 'Saving...' : event ? 'Update Auction Event' : 'Create Auction Event'}
        </button>
      </div>
    </form>
  );
}

type RateField = 'premiumUSD' | 'premiumSats' | 'premiumETH' | 'commissionUSD' | 'commissionSats' | 'commissionETH';
const UNITS = [
  ['USD', 'USD'],
  ['sats', 'Sats'],
  ['ETH', 'ETH'],
] as const;

/** The event's rates as the form's six texts. */
function ratesText(event: AdminAuctionEvent | undefined): Record<RateField, string> {
  const text = {} as Record<RateField, string>;
  for (const [unit, name] of UNITS) {
    text[`premium${name}`] = rateTableText(event?.buyerPremium?.[unit]);
    text[`commission${name}`] = rateTableText(event?.sellerCommission?.[unit]);
  }
  return text;
}

class RateError extends Error {
  constructor(
    readonly field: 'buyerPremium' | 'sellerCommission',
    message: string,
  ) {
    super(message);
  }
}

/** The rates to send: a schedule only when its texts changed (a new event without any keeps the house's defaults). */
function ratesOf(form: Record<RateField, string>, event: AdminAuctionEvent | undefined): { buyerPremium?: RateScheduleWire; sellerCommission?: RateScheduleWire } {
  const before = ratesText(event);
  const schedule = (kind: 'premium' | 'commission', field: 'buyerPremium' | 'sellerCommission'): RateScheduleWire | undefined => {
    if (UNITS.every(([, name]) => form[`${kind}${name}`] === before[`${kind}${name}`])) return undefined;
    const out: RateScheduleWire = {};
    for (const [unit, name] of UNITS) {
      try {
        const table = parseRateText(form[`${kind}${name}`]);
        if (table.length) out[unit] = table;
      } catch (error) {
        throw new RateError(field, (error as Error).message);
      }
    }
    return out;
  };
  const buyerPremium = schedule('premium', 'buyerPremium');
  const sellerCommission = schedule('commission', 'sellerCommission');
  return { ...(buyerPremium ? { buyerPremium } : {}), ...(sellerCommission ? { sellerCommission } : {}) };
}
