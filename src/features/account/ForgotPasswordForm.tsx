/** Asks for a reset (or, for an account made at checkout, a set-password) link by e-mail. */
import { forgotPasswordSchema } from './account.schema.ts';
import { accountApi } from './account.api.ts';
import { Field, FormMessage, SubmitButton, useAccountForm, type ServerOutcome } from './form.tsx';

export default function ForgotPasswordForm({ action, submitLabel, initial }: { action: string; submitLabel: string; initial?: ServerOutcome }) {
  const { state, onSubmit } = useAccountForm(forgotPasswordSchema, async (data) => (await accountApi.forgotPassword(data.email)).message, initial);
  return (
    <form method="post" action={action} onSubmit={onSubmit} noValidate className="space-y-4">
      <input type="hidden" name="_action" value="forgot" />
      <FormMessage state={state} fields={['email']} />
      <Field name="email" label="E-mail address" type="email" autoComplete="email" required errors={state.errors} defaultValue={initial?.values?.email} />
      <SubmitButton pending={state.pending}>{submitLabel}</SubmitButton>
    </form>
  );
}
