import { Avatar } from '../../components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { useSession } from '../../lib/session';
import { ChangePasswordCard } from './change-password-card';
import { SessionsCard } from './sessions-card';

export function AccountPage() {
  const { user, school } = useSession();
  if (!user) return null;
  const name = `${user.first_name} ${user.last_name}`;
  const rows: [string, string][] = [
    ['Phone number', user.phone_number],
    ['Email', user.email ?? '—'],
    ['Role', user.roles.map((r) => r.name).join(', ') || '—'],
    ['School', school?.name ?? '—'],
  ];
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="My Account"
        breadcrumb={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'My Account' }]}
      />
      <Card>
        <CardHeader className="flex-row items-center gap-4">
          <Avatar name={name} className="h-14 w-14 text-lg" />
          <CardTitle>{name}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            {rows.map(([label, value]) => (
              <div key={label} className="grid grid-cols-3 gap-2 py-3 text-sm">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="col-span-2 break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <div className="mt-6">
        <ChangePasswordCard />
      </div>
      <div className="mt-6">
        <SessionsCard />
      </div>
    </div>
  );
}
