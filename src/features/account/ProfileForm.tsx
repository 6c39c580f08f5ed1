/** The profile (spec: first_name, last_name, gender, phone, email, date_of_birth). */
import { GENDERS, profileSchema } from './account.schema.ts';
import { accountApi } from './account.api.ts';
import { adoptSessionToken } from './session-token.ts';
import { Field, SubmitButton, TitledForm, useAccountForm, type ServerOutcome } from './form.tsx';

export interface ProfileValues {
  first_name: string;
  last_name: string;
  email: string;
  gender: string | null;
  phone: string | null;
  date_of_birth: string | null;
}

const FIELDS = ['first_name', 'last_name', 'email', 'current_password', 'gender', 'phone', 'date_of_birth'];

export default function ProfileForm({ profile, initial, token }: { profile: ProfileValues; initial?: ServerOutcome; token?: string }) {
  adoptSessionToken(token);
  const form = useAccountForm(profileSchema, async (data) => (await accountApi.updateProfile(data)).message, initial);
  const { state } = form;
  const v = { ...profile, ...initial?.values } as Record<string, string | null>;
  return (
    <TitledForm action="/customer/account/profile" name="profile" title="Your details" form={form} fields={FIELDS}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="first_name" label="First name" autoComplete="given-name" required errors={state.errors} defaultValue={v.first_name} />
        <Field name="last_name" label="Last name" autoComplete="family-name" required errors={state.errors} defaultValue={v.last_name} />
        <Field name="email" label="E-mail address" type="email" autoComplete="email" required errors={state.errors} defaultValue={v.email} />
        <Field
          name="current_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="Needed only to change your e-mail address. Your old address will be told, with a way to undo the change."
          errors={state.errors}
        />
        <Field name="phone" label="Phone" type="tel" autoComplete="tel" errors={state.errors} defaultValue={v.phone} />
        <Field name="gender" label="Gender" errors={state.errors} defaultValue={v.gender}>
          <option value="">Prefer not to say</option>
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </Field>
        <Field name="date_of_birth" label="Date of birth" type="date" autoComplete="bday" errors={state.errors} defaultValue={v.date_of_birth} />
      </div>
      <SubmitButton pending={state.pending}>Save profile</SubmitButton>
    </TitledForm>
  );
}
