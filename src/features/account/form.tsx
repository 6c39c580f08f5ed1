/**
 * What every account form shares: client-side validation with the API's own zod schema, errors per
 * field (announced, linked with aria-describedby), a message for the whole form, and the server's
 * outcome when the form was posted without JavaScript. Not an island itself: the islands use it.
 */
import { createElement, useId, useState, type SubmitEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { ApiError } from '~/lib/http.ts';
import { shopperMessage } from '~/lib/shopper-text.ts';
import { PASSWORD_MIN } from './account.schema.ts';

export interface ServerOutcome {
  errors?: Record<string, string[]>;
  message?: string;
  ok?: boolean;
  values?: Record<string, string>;
}

export interface FormState {
  errors: Record<string, string[]>;
  message?: string;
  ok: boolean;
  pending: boolean;
}

function errorsOf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) (out[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return out;
}

/** onSubmit validates, then calls `submit`; a returned string is shown as a success message. */
export function useAccountForm<S extends z.ZodType>(
  schema: S,
  submit: (data: z.output<S>, form: HTMLFormElement) => Promise<string | void>,
  initial?: ServerOutcome,
) {
  const [state, setState] = useState<FormState>({ errors: initial?.errors ?? {}, message: initial?.message, ok: !!initial?.ok, pending: false });
  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries([...new FormData(form).entries()].filter(([, v]) => typeof v === 'string'));
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setState({ errors: errorsOf(parsed.error), ok: false, pending: false });
      focusFirstInvalid(form);
      return;
    }
    setState((s) => ({ ...s, pending: true }));
    try {
      const message = await submit(parsed.data, form);
      setState({ errors: {}, message: message || undefined, ok: true, pending: false });
    } catch (error) {
      const api = error instanceof ApiError ? error : undefined;
      setState({ errors: api?.errors ?? {}, message: api?.errors ? undefined : shopperMessage(error), ok: false, pending: false });
      if (api?.errors) focusFirstInvalid(form);
    }
  }
  return { state, setState, onSubmit };
}

function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

interface FieldProps {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  defaultValue?: string | null;
  errors: Record<string, string[]>;
  required?: boolean;
  hint?: string;
  readOnly?: boolean;
  children?: ReactNode;
  /** A select's choice as it changes (the address form loads the chosen country's states). */
  onSelect?: (value: string) => void;
}

export const inputClass =
  'mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm text-ink focus:border-primary aria-[invalid=true]:border-red-700';

/** A labelled input (or the select passed as children) with its errors. */
export function Field({ name, label, type = 'text', autoComplete, defaultValue, errors, required, hint, readOnly, children, onSelect }: FieldProps) {
  const id = useId();
  const messages = errors[name];
  const described = [hint ? `${id}-hint` : '', messages ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children ? (
        <select
          id={id}
          name={name}
          defaultValue={defaultValue ?? ''}
          onChange={onSelect ? (e) => onSelect(e.target.value) : undefined}
          aria-invalid={messages ? true : undefined}
          aria-describedby={described}
          className={inputClass}
          autoComplete={autoComplete}
        >
          {children}
        </select>
      ) : (
        <input
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          defaultValue={defaultValue ?? ''}
          required={required}
          readOnly={readOnly}
          aria-invalid={messages ? true : undefined}
          aria-describedby={described}
          className={inputClass}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {messages && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {messages[0]}
        </p>
      )}
    </div>
  );
}

/** The form-wide message: a status for success, an alert for failure. */
export function FormMessage({ state, fields = [] }: { state: FormState; fields?: string[] }) {
  // Errors on fields the form does not show (a hidden token, say) are shown here.
  const stray = Object.entries(state.errors)
    .filter(([k]) => !fields.includes(k))
    .map(([, v]) => v[0]);
  const text = state.message ?? stray[0];
  if (!text) return null;
  return (
    <p role={state.ok ? 'status' : 'alert'} className={`rounded-md px-4 py-3 text-sm ${state.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}>
      {text}
    </p>
  );
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending}
      className="rounded-full bg-primary px-7 py-3 text-sm font-medium text-white hover:bg-primary-light disabled:opacity-60"
    >
      {pending ? 'Please wait…' : children}
    </button>
  );
}

/** A new password's field, or its confirmation's (`withRule` adds the length rule as the hint). */
export function newPasswordProps(name: string, label: string, errors: Record<string, string[]>, withRule = false) {
  return {
    name,
    label,
    type: 'password',
    autoComplete: 'new-password',
    required: true,
    errors,
    hint: withRule ? `At least ${PASSWORD_MIN} characters.` : undefined,
  };
}

interface TitledFormProps {
  /** Where the form posts without JavaScript. */
  action: string;
  /** The `_action` the server's form handler dispatches on. */
  name: string;
  /** The heading's id (`<name>-title` unless given), which labels the form. */
  titleId?: string;
  title: string;
  /** More hidden inputs, after `_action`. */
  hidden?: Record<string, string>;
  /** What useAccountForm answers. */
  form: { state: FormState; onSubmit: (event: SubmitEvent<HTMLFormElement>) => void };
  /** The fields the form shows (errors on others go in the form-wide message). */
  fields: string[];
  children: ReactNode;
}

/**
 * An account form with its heading, its hidden `_action` (and `hidden`) inputs and its form-wide message,
 * then the children. The children are spread into the form's own child list, as if written there: React's
 * useId (the fields' label ids in the server-rendered HTML) depends on that list's shape.
 */
export function TitledForm({ action, name, titleId = `${name}-title`, title, hidden = {}, form, fields, children }: TitledFormProps) {
  const { state, onSubmit } = form;
  return createElement(
    'form',
    { method: 'post', action, onSubmit, noValidate: true, className: 'space-y-4', 'aria-labelledby': titleId },
    <h2 key="title" id={titleId} className="font-serif text-2xl text-primary">
      {title}
    </h2>,
    <input key="_action" type="hidden" name="_action" value={name} />,
    ...Object.entries(hidden).map(([key, value]) => <input key={key} type="hidden" name={key} value={value} />),
    <FormMessage key="message" state={state} fields={fields} />,
    ...(Array.isArray(children) ? children : [children]),
  );
}
