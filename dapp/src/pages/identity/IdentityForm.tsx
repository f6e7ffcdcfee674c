import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DOCUMENT_TYPES, identitySubmissionSchema, messages, type identityCheckSchema, type User } from '@gavel/domain';
import { ApiRequestError } from '../../api/http.ts';
import { submitIdentity } from '../../api/identity.ts';
import { TextField } from '../../components/form/TextField.tsx';
import { useNotify } from '../../components/toast/use-notify.ts';
import { useForm } from '../../forms/use-form.ts';
import { validate, withErrors } from '../../forms/validate.ts';
import { DocumentPicker } from './DocumentPicker.tsx';
import { documentError } from './document-rules.ts';

const DOCUMENT_LABELS: Record<(typeof DOCUMENT_TYPES)[number], string> = {
  passport: 'Passport',
  national_id: 'National ID card',
  driving_licence: 'Driving licence',
};

type IdentityCheck = ReturnType<typeof identityCheckSchema.parse>;

interface IdentityFormProps {
  user: User;
  /** A rejected check: its name, country and document type start the new one (the number and image must be new). */
  previous: IdentityCheck | null;
  onSubmitted: () => void;
}

/** The identity check's form: legal name, birth date, country, the document's type and number, and its image. */
export function IdentityForm({ user, previous, onSubmitted }: IdentityFormProps) {
  const form = useForm({
    legalName: previous?.legalName ?? [user.firstName, user.lastName].filter(Boolean).join(' '),
    dateOfBirth: user.dateOfBirth ?? '',
    country: previous?.country ?? user.country ?? '',
    documentType: (DOCUMENT_TYPES as readonly string[]).includes(previous?.documentType ?? '') ? previous!.documentType : '',
    documentNumber: '',
  });
  const [document, setDocument] = useState<File | null>(null);
  const notify = useNotify();
  const submit = useMutation({ mutationFn: (fields: Record<string, string>) => submitIdentity(fields, document!) });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submit.isPending) return;
    const result = withErrors(validate(identitySubmissionSchema, form.values), { document: documentError(document) });
    if (!result.ok) return form.setErrors(result.errors);
    submit.mutate(form.values, {
      onSuccess: (reply) => {
        notify.success(reply.message, reply.kycStatus === 'approved' ? messages.identity.approvedNow : messages.identity.submitted);
        onSubmitted();
      },
      onError: (error) => {
        notify.failure(error, messages.identity.submitFailed);
        if (error instanceof ApiRequestError && error.fields) form.setErrors(error.fields);
      },
    });
  }

  return (
    <form className="account-card form-stack" noValidate onSubmit={onSubmit} data-testid="identity-form">
      <TextField label="Full legal name" hint="Exactly as printed on your document." autoComplete="name" testId="identity-legal-name" {...form.text('legalName')} />
      <div className="form-row">
        <TextField label="Date of birth" type="date" autoComplete="bday" testId="identity-dob" {...form.text('dateOfBirth')} />
        <TextField label="Issuing country" autoComplete="country-name" testId="identity-country" {...form.text('country')} />
      </div>
      <fieldset className="document-types" data-testid="identity-document-type">
        <legend>Document type</legend>
        <div className="document-types__options">
          {DOCUMENT_TYPES.map((type) => (
            <label key={type} className="choice-card">
              <input type="radio" name="documentType" value={type} checked={form.values.documentType === type} data-testid={`identity-type-${type}`} onChange={() => form.set('documentType', type)} />
              {DOCUMENT_LABELS[type]}
            </label>
          ))}
        </div>
        {form.errors.documentType && (
          <p className="field__error" data-testid="identity-document-type-error">
            {form.errors.documentType}
          </p>
        )}
      </fieldset>
      <TextField label="Document number" autoCapitalize="characters" spellCheck={false} testId="identity-document-number" {...form.text('documentNumber')} />
      <DocumentPicker
        file={document}
        error={form.errors.document}
        onChange={(file) => {
          setDocument(file);
          form.setErrors((errors) => ({ ...errors, document: undefined }));
        }}
      />
      <p className="form-banner">Your document is kept privately, never published, and seen only by the team that reviews it.</p>
      <div className="account-actions">
        <button type="submit" className="btn btn--primary" disabled={submit.isPending} data-testid="identity-submit">
          {submit.isPending ? 'Uploading…' : 'Submit for verification'}
        </button>
      </div>
    </form>
  );
}
