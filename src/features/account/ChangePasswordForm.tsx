/** Changes the password; the server signs out every other device and renews this one's session. */
import { changePasswordSchema } from './account.schema.ts';
import { accountApi } from './account.api.ts';
import { adoptSessionToken } from './session-token.ts';
import { Field, newPasswordProps, SubmitButton, TitledForm, useAccountForm, type ServerOutcome } from './form.tsx';

export default function ChangePasswordForm({ initial, token }: { initial?: ServerOutcome; token?: string }) {
  adoptSessionToken(token);
  const form = useAccountForm(
    changePasswordSchema,
    async (data, element) => {
      const { message } = await accountApi.changePassword(data);
      element.reset();
      return message;
    },
    initial,
  );
  const { state } = form;
  return (
    <TitledForm
      action="/customer/account/profile"
      name="change-password"
      titleId="password-title"
      title="Change password"
      form={form}
      fields={['old_password', 'new_password', 'new_password_confirmation']}
    >
      <Field name="old_password" label="Current password" type="password" autoComplete="current-password" required errors={state.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...newPasswordProps('new_password', 'New password', state.errors, true)} />
        <Field {...newPasswordProps('new_password_confirmation', 'Confirm new password', state.errors)} />
      </div>
      <SubmitButton pending={state.pending}>Change password</SubmitButton>
    </TitledForm>
  );
}
