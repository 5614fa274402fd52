import { useState, type FormEvent, type ReactNode } from 'react';
import { ACCOUNT_MESSAGES } from '#src/domain/accounts.js';
import type { z } from '#src/domain/zod.js';
import { ErrorSummary } from '../../components/ui/error-summary.js';
import { Spinner } from '../../components/ui/spinner.js';
import { TextField } from '../../components/ui/text-field.js';
import { asApiError } from '../../lib/error-message.js';

export interface FieldSpec<K extends string> {
  name: K;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  /** Shown under the label before any error (e.g. the password rule). */
  hint?: string;
  /** The keyboard a phone shows (`numeric` for a 6-digit code). */
  inputMode?: 'numeric' | 'text';
}

/** An email address field. */
export function emailField<K extends string>(name: K, label = 'Email'): FieldSpec<K> {
  return { name, label, type: 'email', autoComplete: 'email' };
}

/** The account's current password, as a sign-in or a change of settings asks for it. */
export function currentPasswordField<K extends string>(name: K, label = 'Password'): FieldSpec<K> {
  return { name, label, type: 'password', autoComplete: 'current-password' };
}

/** A password being chosen, with the rule it must meet under its label. */
export function newPasswordField<K extends string>(name: K, label = 'New password'): FieldSpec<K> {
  return {
    name,
    label,
    type: 'password',
    autoComplete: 'new-password',
    hint: ACCOUNT_MESSAGES.passwordRule,
  };
}

/** A code from an authenticator app: six digits, the phone's number pad. */
export function appCodeField<K extends string>(name: K, label = '6-digit code'): FieldSpec<K> {
  return { name, label, autoComplete: 'one-time-code', inputMode: 'numeric' };
}

/**
 * One form of the account pages: checked with the route's own schema before sending, errors in
 * a summary at the top (focused) and beside each field, the server's message when it refuses
 * (wrong password, too many attempts, an expired link).
 */
export function AccountForm<K extends string>({
  id,
  fields,
  schema,
  submitLabel,
  busyLabel,
  onSubmit,
  initial,
  children,
}: {
  id: string;
  /** Values the fields start with (e.g. the current name); empty otherwise. */
  initial?: Partial<Record<K, string>>;
  fields: readonly FieldSpec<K>[];
  schema: z.ZodType;
  submitLabel: string;
  busyLabel: string;
  /** Sends the checked values; throws ApiClientError on a refusal. */
  onSubmit: (values: Record<K, string>) => Promise<void>;
  children?: ReactNode;
}) {
  const [values, setValues] = useState(
    () =>
      Object.fromEntries(fields.map((f) => [f.name, initial?.[f.name] ?? ''])) as Record<K, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const show = (found: Partial<Record<K, string>>, message: string | null) => {
    setErrors(found);
    setFormError(message);
    setAttempt((n) => n + 1);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = schema.safeParse(values);
    if (!checked.success) {
      const found: Partial<Record<K, string>> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0]) as K] ??= issue.message;
      return show(found, null);
    }
    setBusy(true);
    try {
      await onSubmit(values);
      setErrors({});
      setFormError(null);
    } catch (error) {
      const apiError = asApiError(error);
      const found: Partial<Record<K, string>> = {};
      for (const field of fields) {
        const message = apiError.fields[field.name];
        if (message) found[field.name] = message;
      }
      show(found, Object.keys(found).length > 0 ? null : apiError.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <ErrorSummary
        message={formError}
        errors={fields
          .filter((f) => errors[f.name])
          .map((f) => ({ fieldId: `${id}-${f.name}`, message: errors[f.name] ?? '' }))}
        focusKey={attempt}
      />
      {fields.map((field) => (
        <TextField
          key={field.name}
          id={`${id}-${field.name}`}
          name={field.name}
          label={field.label}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          hint={field.hint}
          {...(field.inputMode ? { inputMode: field.inputMode } : {})}
          value={values[field.name]}
          error={errors[field.name]}
          onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
          wide
        />
      ))}
      <div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? <Spinner label={busyLabel} /> : submitLabel}
        </button>
      </div>
      {children}
    </form>
  );
}
