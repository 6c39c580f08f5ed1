/** Changes the password; the server signs out every other device and renews this one's session. */
import { changePasswordSchema, PASSWORD_MIN } from './account.schema.ts';
import { accountApi } from './account.api.ts';
import { adoptSessionToken } from './session-token.ts';
import { Field, FormMessage, SubmitButton, useAccountForm, type ServerOutcome } from './form.tsx';

export default function ChangePasswordForm({ initial, token }: { initial?: ServerOutcome; token?: string }) {
  adoptSessionToken(token);
  const { state, onSubmit } = useAccountForm(
    changePasswordSchema,
    async (data, form) => {
      const { message } = await accountApi.changePassword(data);
      form.reset();
      return message;
    },
    initial,
  );
  return (
    <form method="post" action="/customer/account/profile" onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="password-title">
      <h2 id="password-title" className="font-serif text-2xl text-primary">
        Change password
      </h2>
      <input type="hidden" name="_action" value="change-password" />
      <FormMessage state={state} fields={['old_password', 'new_password', 'new_password_confirmation']} />
      <Field name="old_password" label="Current password" type="password" autoComplete="current-password" required errors={state.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="new_password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          errors={state.errors}
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <Field name="new_password_confirmation" label="Confirm new password" type="password" autoComplete="new-password" required errors={state.errors} />
      </div>
      <SubmitButton pending={state.pending}>Change password</SubmitButton>
    </form>
  );
}
