import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { checkLotEdit, PAYMENT_METHODS, unitFor, type LotEditContext } from '@gavel/domain';
import { Modal } from '../../components/modal/Modal.tsx';
import { fieldErrors } from '../common/admin-errors.ts';
import { ImagesField } from './ImagesField.tsx';
import { lotBody, ruleValues, sameForm, type LotFormState } from './lot-form-state.ts';
import './lot-form.css';
import { DateTime } from '../../dates/DateTime.tsx';
import { viewerTimeZone } from '../../dates/format-date.ts';

interface LotFormProps {
  mode: 'create' | 'edit';
  initial: LotFormState;
  /** The stored lot and its event window, for the edit rules. */
  context: Omit<LotEditContext, 'now'>;
  /** Resolves when saved (the page then navigates away); throws the api's error to show its field messages. */
  onSubmit: (body: ReturnType<typeof lotBody>) => Promise<void>;
  onCancel: () => void;
  /** Extra fields the create form needs above Basic Information (the event picker). */
  header?: ReactNode;
}

/**
 * The admin lot form: sections Basic Information, Auction Details, Time Settings and Images; Cancel and Update
 * Auction Lot. Every edit rule comes from domain's checkLotEdit, the same function the api applies, and
 * its field errors show beside their fields. Leaving with unsaved changes asks first.
 */
export function LotForm({ mode, initial, context, onSubmit, onCancel, header }: LotFormProps) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const dirty = !saved && !sameForm(form, initial);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  const validate = (state: LotFormState) => {
    const result = checkLotEdit(ruleValues(state), { ...context, now: new Date() });
    return result.ok ? {} : { ...result.fields, ...(result.code !== 'validation_failed' ? { form: result.message } : {}) };
  };
  const update = <K extends keyof LotFormState>(key: K, value: LotFormState[K]) => {
    const next = { ...form, [key]: value };
    setForm(next);
    if (submitted) setErrors(validate(next)); // after the first attempt, errors follow the typing
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      setSaved(true); // the page navigates on success: no "unsaved changes" question for it
      await onSubmit(lotBody(form));
    } catch (error) {
      setSaved(false);
      setErrors(fieldErrors(error));
    } finally {
      setSaving(false);
    }
  };

  const unit = unitFor(form.paymentMethod);
  const live = isLive(context);
  const text = (key: keyof LotFormState, label: string, props: Record<string, unknown> = {}) => (
    <Field label={label} error={errors[key]} testId={`lot-${key}`}>
      {(id, described) => (
        <input
          id={id}
          className="field__input"
          value={form[key] as string}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={described}
          data-testid={`lot-${key}`}
          onChange={(e) => update(key, e.target.value as never)}
          {...props}
        />
      )}
    </Field>
  );

  return (
    <form className="lot-form" onSubmit={(event) => void submit(event)} noValidate data-testid="lot-form">
      {errors.form && (
        <p className="form-banner form-banner--error" role="alert" data-testid="lot-form-error">
          {errors.form}
        </p>
      )}
      {header}
      <fieldset className="lot-form__section">
        <legend>Basic Information</legend>
        {text('title', 'Title', { maxLength: 200 })}
        <Field label="Description" error={errors.description} testId="lot-description">
          {(id, described) => (
            <textarea
              id={id}
              className="field__input"
              rows={5}
              value={form.description}
              aria-describedby={described}
              data-testid="lot-description"
              onChange={(e) => update('description', e.target.value)}
            />
          )}
        </Field>
        <Field label="Payment method" error={errors.paymentMethod} testId="lot-paymentMethod">
          {(id, described) => (
            <select
              id={id}
              className="field__input"
              value={form.paymentMethod}
              aria-describedby={described}
              data-testid="lot-paymentMethod"
              onChange={(e) => update('paymentMethod', e.target.value as LotFormState['paymentMethod'])}
            >
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {method === 'Manual' ? 'Manual (USD, card)' : method}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>
      <fieldset className="lot-form__section">
        <legend>Auction Details</legend>
        <div className="lot-form__grid">
          {text('startingBid', `Starting bid (${unit})`, { inputMode: 'decimal' })}
          {text('reservePrice', `Reserve price (${unit}, optional)`, { inputMode: 'decimal' })}
          {text('estimateLow', `Low estimate (${unit}, optional)`, { inputMode: 'decimal' })}
          {text('estimateHigh', `High estimate (${unit}, optional)`, { inputMode: 'decimal' })}
        </div>
        <label className="lot-form__check">
          <input type="checkbox" checked={form.buyNowEnabled} onChange={(e) => update('buyNowEnabled', e.target.checked)} data-testid="lot-buyNowEnabled" />
          Enable Buy Now
        </label>
        {form.buyNowEnabled && text('buyNowPrice', `Buy Now price (${unit})`, { inputMode: 'decimal' })}
        {form.paymentMethod === 'BTC' && (
          <label className="lot-form__check">
            <input type="checkbox" checked={form.vaultBidsRequired} onChange={(e) => update('vaultBidsRequired', e.target.checked)} data-testid="lot-vaultBidsRequired" />
            Binding Bitcoin bids: Bitcoin bids only from bidders’ vaults
          </label>
        )}
      </fieldset>
      <fieldset className="lot-form__section">
        <legend>Time Settings</legend>
        {context.event && (
          <p className="field__hint" data-testid="lot-event-window">
            The auction event runs from <DateTime iso={context.event.startTime} /> to <DateTime iso={context.event.endTime} />.
          </p>
        )}
        {live && (
          <p className="field__hint" data-testid="lot-live-note">
            This lot is live: its start time is locked; the end time can still move.
          </p>
        )}
        <div className="lot-form__grid">
          {text('startTime', `Start time (${viewerTimeZone()})`, { type: 'datetime-local', readOnly: live || undefined })}
          {text('endTime', `End time (${viewerTimeZone()})`, { type: 'datetime-local' })}
        </div>
      </fieldset>
      <fieldset className="lot-form__section">
        <legend>Images</legend>
        <ImagesField urls={form.imageUrls} onChange={(urls) => update('imageUrls', urls)} />
      </fieldset>
      <div className="lot-form__buttons">
        <button type="button" className="btn btn--ghost" onClick={onCancel} data-testid="lot-cancel">
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={saving} data-testid="lot-submit">
          {saving ? 'Saving...' : mode === 'edit' ? 'Update Auction Lot' : 'Create Auction Lot'}
        </button>
      </div>
      <Modal open={blocker.state === 'blocked'} title="Discard unsaved changes?" onClose={() => blocker.reset?.()} testId="unsaved-changes">
        <p>You have unsaved changes to this lot. Leave without saving them?</p>
        <div className="button-row">
          <button type="button" className="btn btn--ghost" onClick={() => blocker.reset?.()} data-testid="unsaved-stay">
            Stay
          </button>
          <button type="button" className="btn btn--danger" onClick={() => blocker.proceed?.()} data-testid="unsaved-leave">
            Leave
          </button>
        </div>
      </Modal>
    </form>
  );
}

function isLive(context: Omit<LotEditContext, 'now'>): boolean {
  const original = context.original;
  if (!original) return false;
  const now = Date.now();
  return original.status !== 'cancelled' && new Date(original.startTime).getTime() <= now && new Date(original.endTime).getTime() > now;
}

function Field({ label, error, testId, children }: { label: string; error?: string; testId: string; children: (id: string, describedBy?: string) => ReactNode }) {
  const id = `${testId}-input`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children(id, error ? `${testId}-error` : undefined)}
      {error && (
        <p id={`${testId}-error`} className="field__error" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
