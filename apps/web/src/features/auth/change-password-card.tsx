import {
  type ChangePasswordForm,
  type ChangePasswordResponse,
  changePasswordFormSchema,
} from '@shule/shared/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { api, errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { tokenStorage } from '../../lib/storage';
import { zodResolver } from '../../lib/zod-resolver';

const EMPTY: ChangePasswordForm = { current_password: '', new_password: '', repeat_password: '' };

/** Replaces the password, e.g. the one-time password a new teacher was given. */
export function ChangePasswordCard() {
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const form = useForm<ChangePasswordForm>({
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
    } catch (err) {
      applyServerErrors(err, form);
      setResult({ tone: 'error', message: errorMessage(err) });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>
          Teachers: replace the one-time password you were given with one only you know.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {result ? <Alert tone={result.tone}>{result.message}</Alert> : null}
          <Field label="Current password" error={errors.current_password?.message}>
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
            <Input
              type="password"
              autoComplete="new-password"
              {...form.register('repeat_password')}
            />
          </Field>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
