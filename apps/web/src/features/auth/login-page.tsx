import type { LoginBody } from '@shule/shared/auth';
import { LOGIN_FAILED_MESSAGE } from '@shule/shared/auth-constants';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { lazyZodResolver } from '../../lib/zod-resolver';
import { AuthLayout, SplashScreen } from './auth-layout';

// The form shows before its rules (and zod with them) arrive: they load as the user starts typing.
const loginRules = lazyZodResolver(() =>
  import('@shule/shared/auth').then((auth) => auth.loginBody),
);

/**
 * What the banner says for a failed login: throttling, network trouble and a deactivated account
 * (403) say so plainly.
 */
function loginFailureMessage(err: unknown) {
  if (err instanceof ApiError && [0, 403, 429].includes(err.status)) return err.message;
  return LOGIN_FAILED_MESSAGE;
}

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginBody>({
    resolver: loginRules.resolver,
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (session.loading) return <SplashScreen />;
  if (session.user && !isSubmitting) return <Navigate to="/dashboard" replace />;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const user = await session.login(values);
      // A one-time password leads to its change screen, not the dashboard.
      if (!user.password_change_required) {
        toast({
          title: 'Login successful',
          description: 'You are being redirected to the dashboard',
        });
      }
      navigate('/dashboard', { replace: true });
    } catch (err) {
      setFailure(loginFailureMessage(err));
    }
  });
  // The rules failing to download rejects the validation itself.
  const onSubmit = (event: FormEvent) =>
    submit(event).catch((err) => setFailure(loginFailureMessage(err)));

  return (
    <AuthLayout
      title="Login"
      description="Enter your phone number and password to login to your account"
    >
      <form onSubmit={onSubmit} onFocus={loginRules.preload} noValidate className="space-y-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Field label="Phone Number" error={errors.username?.message}>
          <Input
            type="tel"
            autoComplete="username"
            placeholder="0712345678"
            {...form.register('username')}
          />
        </Field>
        <Field label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <p className="-mt-2 text-right text-sm">
          <Link
            to="/forgot_password"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        </p>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Logging in...' : 'Login'}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <Link
          to="/register_institution"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Sign up
        </Link>
      </p>
    </AuthLayout>
  );
}
