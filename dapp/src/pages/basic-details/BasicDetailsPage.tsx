import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MINIMUM_AGE, messages, updateProfileBodySchema, type User } from '@gavel/domain';
import { authApi } from '../../api/auth.ts';
import { ApiRequestError } from '../../api/http.ts';
import { TextField } from '../../components/form/TextField.tsx';
import { useNotify } from '../../components/toast/use-notify.ts';
import { useForm } from '../../forms/use-form.ts';
import { validate } from '../../forms/validate.ts';
import { useSignedInUser } from '../../session/use-current-user.ts';
import { useSession } from '../../session/use-session.ts';
import { AccountFrame } from '../setup/AccountFrame.tsx';
import { afterStepRoute } from '../setup/setup-steps.ts';

const fromUser = (user: User) => ({
  title: user.title === 'User' ? '' : user.title,
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  phoneNumber: user.phoneNumber ?? '',
  dateOfBirth: user.dateOfBirth ?? '',
  country: user.country ?? '',
  city: user.city ?? '',
  state: user.state ?? '',
  address: user.address ?? '',
  postCode: user.postCode ?? '',
});

/** The latest birthday that is old enough today, for the date picker's upper bound. */
function latestBirthDate(): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - MINIMUM_AGE);
  return date.toISOString().slice(0, 10);
}

/** /basic-details: the profile fields that make a profile complete, checked by the api's own rules (18+). */
export function BasicDetailsPage() {
  const user = useSignedInUser();
  const form = useForm(() => fromUser(user));
  const session = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const save = useMutation({ mutationFn: authApi.updateProfile });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const result = validate(updateProfileBodySchema, form.values);
    if (!result.ok) return form.setErrors(result.errors);
    // The form's own strings go to the api (the schema's output turns the birth date into a Date object).
    save.mutate(form.values, {
      onSuccess: (reply) => {
        session.updateUser(reply.user);
        notify.success(reply.message, messages.auth.profileUpdated);
        navigate(afterStepRoute(reply.user));
      },
      onError: (error) => {
        notify.failure(error, messages.auth.failedUpdateProfile);
        if (error instanceof ApiRequestError && error.fields) form.setErrors(error.fields);
      },
    });
  }

  return (
    <AccountFrame testId="basic-details" step={1} title="Basic details" lead="We need these to confirm who you are and how to reach you. You must be 18 or older to bid.">
      <form className="account-card form-stack" noValidate onSubmit={submit} data-testid="basic-details-form">
        <div className="form-row">
          <TextField label="First name" autoComplete="given-name" testId="details-first-name" {...form.text('firstName')} />
          <TextField label="Last name" autoComplete="family-name" testId="details-last-name" {...form.text('lastName')} />
        </div>
        <div className="form-row">
          <TextField label="Date of birth" type="date" max={latestBirthDate()} autoComplete="bday" testId="details-dob" {...form.text('dateOfBirth')} />
          <TextField label="Phone number" type="tel" inputMode="tel" autoComplete="tel" placeholder="+44 20 7946 0000" testId="details-phone" {...form.text('phoneNumber')} />
        </div>
        <TextField label="Title (optional)" hint="Shown on your profile, e.g. Collector or Dr." testId="details-title" {...form.text('title')} />
        <TextField label="Address" autoComplete="street-address" testId="details-address" {...form.text('address')} />
        <div className="form-row">
          <TextField label="City" autoComplete="address-level2" testId="details-city" {...form.text('city')} />
          <TextField label="State / region (optional)" autoComplete="address-level1" testId="details-state" {...form.text('state')} />
        </div>
        <div className="form-row">
          <TextField label="Postal code" autoComplete="postal-code" testId="details-post-code" {...form.text('postCode')} />
          <TextField label="Country" autoComplete="country-name" testId="details-country" {...form.text('country')} />
        </div>
        <div className="account-actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending} data-testid="details-submit">
            {save.isPending ? 'Saving…' : 'Save and continue'}
          </button>
        </div>
      </form>
    </AccountFrame>
  );
}
