import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CONSIGNMENT_HOLDING_TEXT, CONSIGNMENT_HOLDINGS, CONSIGNMENT_MAX_IMAGES, consignmentBodySchema, consignmentMessages, LOT_IMAGE_MAX_BYTES, type ConsignmentHolding } from '@gavel/domain';
import { ApiRequestError } from '../../api/http.ts';
import { uploadConsignmentImage, useSubmitConsignment } from '../../api/consignments.ts';
import { TextField } from '../../components/form/TextField.tsx';
import { useNotify } from '../../components/toast/use-notify.ts';
import { validate, type FieldErrors } from '../../forms/validate.ts';

const EMPTY = { title: '', description: '', estimateLow: '', estimateHigh: '', holding: '' as ConsignmentHolding | '', inscriptionId: '', contractAddress: '', tokenId: '' };
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * The Sell page's form for a signed-in user: the item, its pictures (uploaded as chosen, JPEG, PNG or WebP), an
 * estimate in dollars and how it is held (with its inscription id, or its contract and token id). Checked by the
 * api's own schema first; sent, it says so in place and points to My sales, where the review shows.
 */
export function ConsignForm() {
  const [form, setForm] = useState(EMPTY);
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState<string | null>(null);
  const submit = useSubmitConsignment();
  const notify = useNotify();
  const ids = { description: useId(), images: useId() };
  const set = (key: keyof typeof EMPTY, value: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  async function addImages(files: FileList | null) {
    if (!files) return;
    const chosen = [...files].slice(0, CONSIGNMENT_MAX_IMAGES - images.length);
    const wrong = chosen.find((file) => !IMAGE_TYPES.includes(file.type) || file.size >= LOT_IMAGE_MAX_BYTES);
    if (wrong) return setErrors((current) => ({ ...current, imageUrls: consignmentMessages.imageType }));
    setUploading(true);
    try {
      for (const file of chosen) {
        const url = await uploadConsignmentImage(file);
        setImages((current) => [...current, url]);
      }
      setErrors((current) => ({ ...current, imageUrls: undefined }));
    } catch (error) {
      setErrors((current) => ({ ...current, imageUrls: error instanceof ApiRequestError ? error.message : consignmentMessages.imageType }));
    } finally {
      setUploading(false);
    }
  }

  function send(event: FormEvent) {
    event.preventDefault();
    if (submit.isPending || uploading) return;
    const held = form.holding;
    const result = validate(consignmentBodySchema, {
      title: form.title,
      description: form.description,
      imageUrls: images,
      estimateLow: form.estimateLow || null,
      estimateHigh: form.estimateHigh || null,
      holding: held || undefined,
      inscriptionId: held === 'inscription' ? form.inscriptionId : null,
      contractAddress: held === 'nft' ? form.contractAddress : null,
      tokenId: held === 'nft' ? form.tokenId : null,
    });
    if (!result.ok) return setErrors(result.errors);
    submit.mutate(result.data, {
      onSuccess: (reply) => {
        setSent(reply.message || consignmentMessages.submitted);
        setForm(EMPTY);
        setImages([]);
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.fields) setErrors(error.fields);
        notify.failure(error, 'Your item could not be submitted. Please try again.');
      },
    });
  }

  if (sent) {
    return (
      <div className="contact-form contact-form--sent" role="status" data-testid="consign-sent">
        <p>{sent}</p>
        <div className="button-row">
          <Link to="/my-sales" className="btn btn--primary" data-testid="consign-my-sales">
            Follow it in My sales
          </Link>
          <button type="button" className="btn btn--ghost" onClick={() => setSent(null)}>
            Submit another item
          </button>
        </div>
      </div>
    );
  }
  const field = (key: keyof typeof EMPTY, label: string, hint?: string) => (
    <TextField label={label} name={key} hint={hint} testId={`consign-${key}`} value={form[key]} error={errors[key]} onChange={(e) => set(key, e.target.value)} />
  );
  return (
    <form className="contact-form" noValidate onSubmit={send} data-testid="consign-form">
      {field('title', 'Title')}
      <div className="field">
        <label className="field__label" htmlFor={ids.description}>
          Description
        </label>
        <textarea
          id={ids.description}
          className="field__input"
          rows={5}
          value={form.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${ids.description}-error` : undefined}
          onChange={(e) => set('description', e.target.value)}
          data-testid="consign-description"
        />
        {errors.description && (
          <p id={`${ids.description}-error`} className="field__error" data-testid="consign-description-error">
            {errors.description}
          </p>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.images}>
          Images (JPEG, PNG or WebP, up to {CONSIGNMENT_MAX_IMAGES})
        </label>
        <input
          id={ids.images}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          disabled={uploading || images.length >= CONSIGNMENT_MAX_IMAGES}
          onChange={(e) => void addImages(e.target.files)}
          aria-invalid={errors.imageUrls ? true : undefined}
          data-testid="consign-images"
        />
        {uploading && <p className="field__hint">Uploading…</p>}
        {images.length > 0 && (
          <ul className="consign-images" data-testid="consign-image-list">
            {images.map((url) => (
              <li key={url}>
                <img src={url} alt="" width={64} height={64} />
                <button type="button" className="btn btn--ghost btn--small" onClick={() => setImages((current) => current.filter((u) => u !== url))}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        {errors.imageUrls && (
          <p className="field__error" data-testid="consign-images-error">
            {errors.imageUrls}
          </p>
        )}
      </div>
      <div className="contact-form__row">
        {field('estimateLow', 'Low estimate (US$)', 'e.g. 1,000')}
        {field('estimateHigh', 'High estimate (US$)', 'e.g. 1,500')}
      </div>
      <fieldset className="field consign-holding">
        <legend className="field__label">How is it held?</legend>
        {CONSIGNMENT_HOLDINGS.map((holding) => (
          <label key={holding} className="consign-holding__option">
            <input type="radio" name="holding" value={holding} checked={form.holding === holding} onChange={() => set('holding', holding)} data-testid={`consign-holding-${holding}`} />{' '}
            {CONSIGNMENT_HOLDING_TEXT[holding]}
          </label>
        ))}
        {errors.holding && (
          <p className="field__error" data-testid="consign-holding-error">
            {errors.holding}
          </p>
        )}
      </fieldset>
      {form.holding === 'inscription' && field('inscriptionId', 'Inscription id', 'The transaction id followed by i and a number.')}
      {form.holding === 'nft' && (
        <div className="contact-form__row">
          {field('contractAddress', 'Contract address')}
          {field('tokenId', 'Token id')}
        </div>
      )}
      <button type="submit" className="btn btn--primary" disabled={submit.isPending || uploading} data-testid="consign-submit">
        {submit.isPending ? 'Submitting…' : 'Submit for review'}
      </button>
    </form>
  );
}
