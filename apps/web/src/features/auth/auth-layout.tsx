import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Logo } from '../../components/ui/logo';

/** The centred card of the public forms (login, sign-up). */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-muted/50 px-4 py-10">
      <Link to="/" className="mb-6" aria-label="Shule home">
        <Logo />
      </Link>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}

/** Shown while the stored session is checked. */
export function SplashScreen() {
  return (
    <div role="status" aria-label="Loading" className="flex min-h-dvh items-center justify-center">
      <span className="animate-pulse-slow">
        <Logo withName={false} className="scale-150" />
      </span>
    </div>
  );
}
