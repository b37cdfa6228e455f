import {
  type SignupBody,
  type SignupForm,
  type SignupResponse,
  signupFormSchema,
} from '@shule/shared/auth';
import type { CodeSentResponse } from '@shule/shared/one-time-codes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { CodeStep } from '../../components/code-step';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { api, errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { zodResolver } from '../../lib/zod-resolver';
import { AuthLayout } from './auth-layout';

const EMPTY: SignupForm = {
  first_name: '',
  last_name: '',
  username: '',
  phone_number: '',
  password: '',
  repeat_password: '',
};

export function SignupPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  // With SMS configured the account waits for the code sent to the phone.
  const [codeSent, setCodeSent] = useState<{ body: SignupBody; sent: CodeSentResponse } | null>(
    null,
  );
  const form = useForm<SignupForm>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const signIn = async (res: SignupResponse) => {
    setResult({ tone: 'success', message: res.message });
    await session.acceptTokens(res.tokens.token, res.tokens.refresh);
    navigate('/dashboard', { replace: true });
  };
  const send = (body: SignupBody) =>
    api.post<SignupResponse | CodeSentResponse>('/users/signup/', body, { anonymous: true });

  const onSubmit = form.handleSubmit(async ({ repeat_password: _, ...body }) => {
    setResult(null);
    try {
      const res = await send(body);
      if ('tokens' in res) await signIn(res);
      else setCodeSent({ body, sent: res });
    } catch (err) {
      // The server's message shows in red; a field it names shows it as well.
      applyServerErrors(err, form);
      setResult({ tone: 'error', message: errorMessage(err) });
    }
  });

  if (codeSent) {
    return (
      <AuthLayout title="Sign Up" description="Enter the code we sent to your phone">
        {result?.tone === 'success' ? <Alert tone="success">{result.message}</Alert> : null}
        <CodeStep
          sent={codeSent.sent}
          submitLabel="Create an account"
          busyLabel="Creating account..."
          onConfirm={async (code) =>
            signIn(
              await api.post<SignupResponse>(
                '/users/signup/confirm/',
                { phone_number: codeSent.sent.phone_number, code },
                { anonymous: true },
              ),
            )
          }
          onResend={async () => (await send(codeSent.body)) as CodeSentResponse}
          onBack={() => setCodeSent(null)}
        />
      </AuthLayout>
    );
  }

  const field = (name: keyof SignupForm, label: string, props: Record<string, string> = {}) => (
    <Field label={label} error={errors[name]?.message}>
      <Input {...props} {...form.register(name)} />
    </Field>
  );

  return (
    <AuthLayout title="Sign Up" description="Enter your information to create an account">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {result ? <Alert tone={result.tone}>{result.message}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {field('first_name', 'First name', { autoComplete: 'given-name' })}
          {field('last_name', 'Last name', { autoComplete: 'family-name' })}
        </div>
        {field('username', 'Username', { autoComplete: 'nickname' })}
        {field('phone_number', 'Phone number', {
          type: 'tel',
          placeholder: '0712345678',
        })}
        {field('password', 'Password', { type: 'password', autoComplete: 'new-password' })}
        {field('repeat_password', 'Repeat Password', {
          type: 'password',
          autoComplete: 'new-password',
        })}
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Create an account'}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
