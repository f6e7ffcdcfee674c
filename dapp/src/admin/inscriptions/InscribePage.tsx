/**
 * /s/admin/inscriptions/new: inscribe a file (POST /inscriptions/create). The file, where
 * the inscription goes and the fee rate; each field's error is shown beside it, whether this page or the api
 * found it. A created inscription opens its payment page.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { bitcoinAddressMessages, INSCRIPTION_MAX_BYTES, INSCRIPTION_TYPES, inscriptionFeeRateSchema, inscriptionFileError, inscriptionMessages } from '@gavel/domain';
import { TextField } from '../../components/form/TextField.tsx';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { adminErrorMessage, fieldErrors } from '../common/admin-errors.ts';
import { PageHead } from '../common/states.tsx';
import { createInscription } from './inscribe-api.ts';

type Field = 'file' | 'destinationAddress' | 'feeRate';

function checkForm(file: File | null, destinationAddress: string, feeRate: string): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const refused = file ? inscriptionFileError({ type: file.type, size: file.size }) : { message: inscriptionMessages.fileRequired };
  if (refused) errors.file = refused.message;
  if (!destinationAddress.trim()) errors.destinationAddress = bitcoinAddressMessages.required;
  if (feeRate.trim() && !inscriptionFeeRateSchema.safeParse(feeRate.trim()).success) errors.feeRate = inscriptionMessages.feeRateInvalid;
  return errors;
}

export function InscribePage() {
  useDocumentTitle('New inscription');
  const navigate = useNavigate();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [destinationAddress, setDestinationAddress] = useState('');
  const [feeRate, setFeeRate] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const create = useMutation({ mutationFn: createInscription });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkForm(file, destinationAddress, feeRate);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { file: file!, destinationAddress, feeRate },
      {
        onSuccess: (inscription) => void navigate(`/s/admin/inscriptions/${encodeURIComponent(inscription._id)}`),
        onError: (error) => {
          const fields = fieldErrors(error);
          const named = { file: fields.file, destinationAddress: fields.destinationAddress ?? fields.walletAddress, feeRate: fields.feeRate };
          const anyField = Object.values(named).some(Boolean);
          setErrors({ ...named, form: anyField ? undefined : adminErrorMessage(error, inscriptionMessages.createFailed) });
        },
      },
    );
  };

  return (
    <section data-testid="inscribe-page">
      <PageHead title="New inscription">
        <Link className="btn btn--ghost btn--small" to="/s/admin/inscriptions">
          Back to inscriptions
        </Link>
      </PageHead>
      <form className="admin-card lot-form" onSubmit={submit} noValidate data-testid="inscribe-form">
        {errors.form && (
          <p className="form-banner form-banner--error" role="alert" data-testid="inscribe-error">
            {errors.form}
          </p>
        )}
        <div className="field">
          <label className="field__label" htmlFor={fileId}>
            File
          </label>
          <input
            id={fileId}
            className="field__input"
            type="file"
            accept={INSCRIPTION_TYPES.join(',')}
            data-testid="inscribe-file"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={`${fileId}-help`}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setErrors((now) => ({ ...now, file: undefined }));
            }}
          />
          {errors.file ? (
            <p id={`${fileId}-help`} className="field__error" data-testid="inscribe-file-error">
              File: {errors.file}
            </p>
          ) : (
            <p id={`${fileId}-help`} className="field__hint">
              Images, text, HTML, JSON, PDF, audio or video, up to {INSCRIPTION_MAX_BYTES.toLocaleString('en-US')} bytes.
            </p>
          )}
        </div>
        <TextField
          label="Destination address"
          testId="inscribe-destination"
          value={destinationAddress}
          autoComplete="off"
          spellCheck={false}
          hint="The Bitcoin address (taproot or native segwit) that receives the inscription."
          error={errors.destinationAddress && `Destination address: ${errors.destinationAddress}`}
          onChange={(e) => setDestinationAddress(e.target.value)}
        />
        <TextField
          label="Fee rate (sat/vB)"
          testId="inscribe-fee-rate"
          value={feeRate}
          inputMode="numeric"
          placeholder="Recommended"
          hint="Leave empty for the network's half-hour rate."
          error={errors.feeRate && `Fee rate: ${errors.feeRate}`}
          onChange={(e) => setFeeRate(e.target.value)}
        />
        <div className="lot-form__buttons">
          <button type="submit" className="btn btn--primary" disabled={create.isPending} data-testid="inscribe-submit">
            {create.isPending ? 'Creating…' : 'Create inscription'}
          </button>
        </div>
      </form>
    </section>
  );
}
