import {
  type LoginResponse,
  PASSWORD_RESET_MESSAGES,
  type PasswordResetForm,
  type PasswordResetRequestBody,
  passwordResetFormSchema,
  passwordResetRequestBody,
} from '@shule/shared/auth';
import type { CodeSentResponse } from '@shule/shared/one-time-codes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { CodeInput, useCodeNotice } from '../../components/code-step';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { zodResolver } from '../../lib/zod-resolver';
import { AuthLayout, SplashScreen } from './auth-layout';

const askForCode = (body: PasswordResetRequestBody) =>
  api.post<CodeSentResponse>('/users/password_reset/', body, { anonymous: true });

function BackToLogin() {
  return (
    <p className="mt-4 text-center text-sm text-muted-foreground">
      Remembered it?{' '}
      <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
        Back to login
      </Link>
    </p>
  );
}

/** Step one: the phone the account signs in with. */
function PhoneStep({ onSent }: { onSent: (sent: CodeSentResponse) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<
    PasswordResetRequestBody,
    unknown,
    z.output<typeof passwordResetRequestBody>
  >({ resolver: zodResolver(passwordResetRequestBody), defaultValues: { phone_number: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      onSent(await askForCode(body));
    } catch (err) {
      setFailure(applyServerErrors(err, form));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Field label="Phone Number" error={errors.phone_number?.message}>
        <Input
          type="tel"
          autoComplete="username"
          placeholder="0712345678"
          {...form.register('phone_number')}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send me a code'}
      </Button>
    </form>
  );
}

/** Step two: the code from the SMS and the new password, twice. */
function NewPasswordStep({
  sent,
  onDone,
}: {
  sent: CodeSentResponse;
  onDone: (res: LoginResponse) => Promise<void>;
}) {
  const form = useForm<PasswordResetForm, unknown, z.output<typeof passwordResetFormSchema>>({
    resolver: zodResolver(passwordResetFormSchema),
    defaultValues: {
      phone_number: sent.phone_number,
      code: '',
      new_password: '',
      repeat_password: '',
    },
  });
  const { notice, showError, resendButton } = useCodeNotice(
    sent,
    () => askForCode({ phone_number: sent.phone_number }),
    () => form.resetField('code'),
  );
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ repeat_password: _, ...body }) => {
    try {
      await onDone(
        await api.post<LoginResponse>('/users/password_reset/confirm/', body, { anonymous: true }),
      );
    } catch (err) {
      const above = applyServerErrors(err, form);
      if (above) showError(above);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="new-password-step">
      {notice}
      {sent.test_mode ? (
        <p className="text-xs text-muted-foreground">
          A teacher can ask the school&apos;s admin for a new one-time password instead.
        </p>
      ) : null}
      <Field label="Code from the SMS" error={errors.code?.message}>
        <CodeInput autoFocus {...form.register('code')} />
      </Field>
      <Field label="New password" error={errors.new_password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('new_password')} />
      </Field>
      <Field label="Repeat new password" error={errors.repeat_password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('repeat_password')} />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Set new password'}
      </Button>
      {resendButton}
    </form>
  );
}

/**
 * Forgot password (/forgot_password): the phone, then the code sent to it by SMS with a new
 * password; then signed in. The first answer is the same for every phone, so this screen never
 * tells whether a number has an account.
 */
export function ForgotPasswordPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [sent, setSent] = useState<CodeSentResponse | null>(null);
  const [finishing, setFinishing] = useState(false);

  if (session.loading) return <SplashScreen />;
  if (session.user && !finishing) return <Navigate to="/dashboard" replace />;

  const done = async (res: LoginResponse) => {
    setFinishing(true);
    await session.acceptTokens(res.tokens.access, res.tokens.refresh);
    toast({
      variant: 'success',
      title: 'Password changed',
      description: PASSWORD_RESET_MESSAGES.reset,
    });
    navigate('/dashboard', { replace: true });
  };

  return (
    <AuthLayout
      title="Forgot password"
      description={
        sent
          ? 'Enter the code from the SMS and choose a new password'
          : 'Enter the phone number you log in with: we will send a code to it by SMS'
      }
    >
      {sent ? <NewPasswordStep sent={sent} onDone={done} /> : <PhoneStep onSent={setSent} />}
      <BackToLogin />
    </AuthLayout>
  );
}
