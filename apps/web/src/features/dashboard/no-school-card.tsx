import { Building2, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';

/**
 * The dashboard of someone signed in without a school (they signed up alone): the two ways on,
 * registering their institution or being added by their school's admin with this phone.
 */
export function NoSchoolCard({ phone }: { phone: string }) {
  return (
    <div className="grid max-w-4xl gap-4 md:grid-cols-2" data-testid="no-school">
      <p className="text-muted-foreground md:col-span-2">
        Your account is not part of a school yet. Choose how to go on:
      </p>
      <Card className="flex flex-col">
        <CardHeader>
          <Building2 className="mb-2 h-6 w-6 text-primary" aria-hidden="true" />
          <CardTitle>Register your institution</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-1 flex-col gap-4 text-sm text-muted-foreground">
          <p>
            Running a school? Register it and become its administrator, with this account's phone
            number and password.
          </p>
          <Link to="/register_institution" className={cn(buttonClass(), 'mt-auto self-start')}>
            Register an institution
          </Link>
        </CardContent>
      </Card>
      <Card className="flex flex-col">
        <CardHeader>
          <UserPlus className="mb-2 h-6 w-6 text-primary" aria-hidden="true" />
          <CardTitle>Join your school as a teacher</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm text-muted-foreground">
          <p>
            Ask your school&apos;s administrator to add you as a teacher with this phone number:
          </p>
          <p
            className="font-mono text-xl font-semibold tracking-wider text-foreground"
            data-testid="own-phone"
          >
            {phone}
          </p>
          <p>You keep your password. The next time you log in, you will be in your school.</p>
        </CardContent>
      </Card>
    </div>
  );
}
