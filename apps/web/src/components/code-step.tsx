import { type CodeForm, type CodeSentResponse, codeFormSchema } from '@shule/shared/one-time-codes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../lib/api-client';
import { applyServerErrors } from '../lib/form-errors';
import { zodResolver } from '../lib/zod-resolver';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Field } from './ui/field';
import { Input } from './ui/input';

/**
 * The input of a code sent by SMS: six digits, on the phone's number pad, offered by the
 * keyboard from the SMS where the phone can (autocomplete one-time-code).
 */
export function CodeInput(props: Record<string, unknown>) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="123456"
      maxLength={7}
      className="font-mono text-lg tracking-[0.3em]"
      {...props}
    />
  );
}

/** What a code screen says under its message in test mode: no SMS leaves the server. */
function TestModeNote({ sent }: { sent: Pick<CodeSentResponse, 'test_mode'> }) {
  if (!sent.test_mode) return null;
  return (
    <p className="text-xs text-muted-foreground">
      Test mode: SMS are not configured on this server, so no SMS is actually sent.
    </p>
  );
}

type Notice = { tone: 'info' | 'error'; message: string };

/**
 * The notice above a code's field (what the answer that sent it said, then a failure's message)
 * and "Send a new code", which asks `askAgain` and calls `onResent` to clear the field.
 */
export function useCodeNotice(
  sent: CodeSentResponse,
  askAgain: () => Promise<CodeSentResponse>,
  onResent: () => void,
) {
  const [notice, setNotice] = useState<Notice>({ tone: 'info', message: sent.message });
  const [resending, setResending] = useState(false);
  const resend = async () => {
    setResending(true);
    try {
      const again = await askAgain();
      onResent();
      setNotice({ tone: 'info', message: again.message });
    } catch (err) {
      setNotice({ tone: 'error', message: errorMessage(err) });
    } finally {
      setResending(false);
    }
  };
  const resendButton = (
    <Button variant="link" size="sm" onClick={resend} disabled={resending}>
      {resending ? 'Sending...' : 'Send a new code'}
    </Button>
  );
  return {
    notice: (
      <>
        <Alert tone={notice.tone}>{notice.message}</Alert>
        <TestModeNote sent={sent} />
      </>
    ),
    showError: (message: string) => setNotice({ tone: 'error', message }),
    resendButton,
  };
}

/**
 * The step after a form that sent a code (sign-up, registration): the code, then `onConfirm`.
 * "Send a new code" asks again with the same details; "Change details" goes back to the form.
 */
export function CodeStep({
  sent,
  submitLabel,
  busyLabel,
  onConfirm,
  onResend,
  onBack,
}: {
  sent: CodeSentResponse;
  submitLabel: string;
  busyLabel: string;
  onConfirm: (code: string) => Promise<void>;
  onResend: () => Promise<CodeSentResponse>;
  onBack: () => void;
}) {
  const form = useForm<CodeForm, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });
  const { notice, showError, resendButton } = useCodeNotice(sent, onResend, () =>
    form.reset({ code: '' }),
  );
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await onConfirm(code);
    } catch (err) {
      const above = applyServerErrors(err, form);
      if (above) showError(above);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="code-step">
      {notice}
      <Field label="Code from the SMS" error={errors.code?.message}>
        <CodeInput autoFocus {...form.register('code')} />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? busyLabel : submitLabel}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        {resendButton}
        <Button variant="link" size="sm" onClick={onBack}>
          Change details
        </Button>
      </div>
    </form>
  );
}
