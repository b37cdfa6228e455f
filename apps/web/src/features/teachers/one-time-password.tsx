import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';

/** A one-time password as the admin reads it out: large, selectable with one tap. */
export function OneTimePasswordCode({ password }: { password: string }) {
  return (
    <code
      className="select-all rounded bg-white px-1.5 py-0.5 font-mono text-base font-semibold tracking-wider text-green-900"
      data-testid="one-time-password"
    >
      {password}
    </code>
  );
}

export function CopyPasswordButton({ password }: { password: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      // No clipboard (e.g. plain http): the password is selectable with one tap.
      setCopied(false);
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      className="border-green-300 bg-white text-green-900 hover:bg-green-100"
      onClick={copy}
    >
      {copied ? (
        <Check className="h-4 w-4" aria-hidden="true" />
      ) : (
        <Copy className="h-4 w-4" aria-hidden="true" />
      )}
      {copied ? 'Copied' : 'Copy password'}
    </Button>
  );
}
