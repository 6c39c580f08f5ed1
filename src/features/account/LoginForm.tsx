/** Sign-in: posts to /customer without JavaScript; with it, calls the API and follows `redirect`. */
import { loginSchema } from './account.schema.ts';
import { accountApi } from './account.api.ts';
import { Field, SubmitButton, TitledForm, useAccountForm, type ServerOutcome } from './form.tsx';

export default function LoginForm({ redirect, initial }: { redirect: string; initial?: ServerOutcome }) {
  const form = useAccountForm(
    loginSchema,
    async (data) => {
      const answer = await accountApi.login(data, redirect);
      window.location.assign(answer.redirect);
    },
    initial,
  );
  const { state } = form;
  return (
    <TitledForm action="/customer" name="login" title="Sign in" hidden={{ redirect }} form={form} fields={['email', 'password']}>
      <Field name="email" label="E-mail address" type="email" autoComplete="email" required errors={state.errors} defaultValue={initial?.values?.email} />
      <Field name="password" label="Password" type="password" autoComplete="current-password" required errors={state.errors} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <SubmitButton pending={state.pending}>Sign in</SubmitButton>
        <a href="/customer/forgot-password" className="text-sm text-primary underline underline-offset-4 hover:text-gold">
          Forgot your password?
        </a>
      </div>
    </TitledForm>
  );
}
