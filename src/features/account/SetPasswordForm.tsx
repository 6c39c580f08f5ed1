/** Chooses a password from an e-mailed link (reset, or first-time login); then back to sign-in. */
import { resetPasswordSchema } from './account.schema.ts';
import { accountApi } from './account.api.ts';
import { Field, FormMessage, newPasswordProps, SubmitButton, useAccountForm, type ServerOutcome } from './form.tsx';

interface Props {
  action: string;
  token: string;
  email: string;
  submitLabel: string;
  initial?: ServerOutcome;
}

export default function SetPasswordForm({ action, token, email, submitLabel, initial }: Props) {
  const { state, onSubmit } = useAccountForm(
    resetPasswordSchema,
    async (data) => {
      await accountApi.resetPassword(data);
      window.location.assign('/customer?notice=password-saved');
    },
    initial,
  );
  return (
    <form method="post" action={action} onSubmit={onSubmit} noValidate className="space-y-4">
      <input type="hidden" name="_action" value="reset" />
      <input type="hidden" name="token" value={token} />
      <FormMessage state={state} fields={['email', 'password', 'password_confirmation']} />
      <Field
        name="email"
        label="E-mail address"
        type="email"
        autoComplete="email"
        required
        errors={state.errors}
        defaultValue={initial?.values?.email ?? email}
      />
      <Field {...newPasswordProps('password', 'New password', state.errors, true)} />
      <Field {...newPasswordProps('password_confirmation', 'Confirm new password', state.errors)} />
      <SubmitButton pending={state.pending}>{submitLabel}</SubmitButton>
    </form>
  );
}
