/**
 * Sign-up. The API answers the same whether or not the address already has an account, so the form
 * then signs in with the same credentials: a new account lands on its profile, an existing address
 * sees only the registration message (its owner is told by e-mail).
 */
import { registerSchema } from './account.schema.ts';
import { accountApi } from './account.api.ts';
import { ApiError } from '~/lib/http.ts';
import { Field, newPasswordProps, SubmitButton, TitledForm, useAccountForm, type ServerOutcome } from './form.tsx';

const FIELDS = ['email', 'first_name', 'last_name', 'password', 'password_confirmation'];

export default function RegisterForm({ redirect, initial }: { redirect: string; initial?: ServerOutcome }) {
  const form = useAccountForm(
    registerSchema,
    async (data) => {
      const { message } = await accountApi.register(data);
      try {
        await accountApi.login({ email: data.email, password: data.password });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return message;
        throw error;
      }
      window.location.assign(redirect === '/customer/account/profile' ? '/customer/account/profile?notice=welcome' : redirect);
    },
    initial,
  );
  const { state } = form;
  const v = initial?.values ?? {};
  return (
    <TitledForm action="/customer" name="register" title="Create an account" hidden={{ redirect }} form={form} fields={FIELDS}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="first_name" label="First name" autoComplete="given-name" required errors={state.errors} defaultValue={v.first_name} />
        <Field name="last_name" label="Last name" autoComplete="family-name" required errors={state.errors} defaultValue={v.last_name} />
      </div>
      <Field name="email" label="E-mail address" type="email" autoComplete="email" required errors={state.errors} defaultValue={v.email} />
      <Field {...newPasswordProps('password', 'Password', state.errors, true)} />
      <Field {...newPasswordProps('password_confirmation', 'Confirm password', state.errors)} />
      <SubmitButton pending={state.pending}>Create account</SubmitButton>
    </TitledForm>
  );
}
