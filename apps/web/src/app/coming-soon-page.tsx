import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';

/** For navigation entries whose screens are not built yet: says so plainly. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-2xl pt-6">
      <h1 className="mb-5 text-2xl font-semibold tracking-tight">{title}</h1>
      <EmptyState
        icon={<Construction className="h-10 w-10" />}
        title={`${title} is coming soon`}
        hint="This part of Shule is not available yet. Everything else in the menu works."
        action={
          <Link to="/dashboard" className={buttonClass('outline')}>
            Back to dashboard
          </Link>
        }
      />
    </div>
  );
}
