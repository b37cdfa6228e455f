import {
  type ChangePasswordResponse,
  type ChangePasswordForm as ChangePasswordValues,
  changePasswordFormSchema,
} from '@shule/shared/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { api, errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { tokenStorage } from '../../lib/storage';
import { zodResolver } from '../../lib/zod-resolver';

const EMPTY: ChangePasswordValues = {
  current_password: '',
  new_password: '',
  repeat_password: '',
};

/**
 * Replaces the password and keeps this session (the change answers fresh tokens); every other
 * session ends. `onChanged` runs once the new tokens are stored.
 */
export function ChangePasswordForm({
  currentLabel = 'Current password',
  submitLabel = 'Change password',
  onChanged,
}: {
  currentLabel?: string;
  submitLabel?: string;
  onChanged?(): Promise<void> | void;
}) {
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ repeat_password: _, ...body }) => {
    setResult(null);
    try {
      const res = await api.post<ChangePasswordResponse>('/users/change_password/', body);
      tokenStorage.setTokens(res.tokens.access, res.tokens.refresh);
      form.reset(EMPTY);
      setResult({ tone: 'success', message: res.message });
      await onChanged?.();
    } catch (err) {
      applyServerErrors(err, form);
      setResult({ tone: 'error', message: errorMessage(err) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {result ? <Alert tone={result.tone}>{result.message}</Alert> : null}
      <Field label={currentLabel} error={errors.current_password?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...form.register('current_password')}
        />
      </Field>
      <Field
        label="New password"
        error={errors.new_password?.message}
        hint="At least 8 characters, with letters and numbers."
      >
        <Input type="password" autoComplete="new-password" {...form.register('new_password')} />
      </Field>
      <Field label="Repeat new password" error={errors.repeat_password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('repeat_password')} />
      </Field>
      <Button type="submit" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : submitLabel}
      </Button>
    </form>
  );
}
