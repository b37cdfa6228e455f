import { BarChart3, CalendarRange, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminOnlyPage } from '../../components/admin-only';
import { buttonClass } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonRows } from '../../components/ui/skeleton';
import { BalancesCard } from './balances-card';
import { CollectionCard } from './collection-card';
import type { FeeStudent } from './fee-student';
import { useMpesaStatus } from './mpesa';
import { MpesaDialog } from './mpesa-dialog';
import { PaybillCard } from './paybill-card';
import { RecordPaymentDialog } from './record-payment-dialog';
import { FeeRemindersCard } from './reminders-card';
import { SponsorsCard } from './sponsors-card';
import { useChosenTerm } from './term-select';
import { UnmatchedCard } from './unmatched-card';

/**
 * /fees: a term's collection per class, the students' balances (search, class, CSV) with
 * payments at the counter, M-Pesa requests and statements, and the unmatched M-Pesa queue.
 * Admins only.
 */
export function FeesPage() {
  return (
    <AdminOnlyPage
      title="Fees"
      hint="Fees are kept by the school's admins. Ask one about a student's fees."
    >
      <Fees />
    </AdminOnlyPage>
  );
}

function Fees() {
  const { terms, term, choose } = useChosenTerm();
  const mpesa = useMpesaStatus();
  const [paying, setPaying] = useState<FeeStudent | null>(null);
  const [asking, setAsking] = useState<FeeStudent | null>(null);

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <PageHeader
        title="Fees"
        actions={
          <>
            <Link to="/fee_structure" className={buttonClass('outline')}>
              <Receipt className="h-4 w-4" aria-hidden="true" />
              Fee structure
            </Link>
            <Link to="/analytics" className={buttonClass('outline')}>
              <BarChart3 className="h-4 w-4" aria-hidden="true" />
              Charts
            </Link>
          </>
        }
      />
      {terms.isPending ? (
        <SkeletonRows rows={3} />
      ) : terms.isError ? (
        <LoadError what="the terms" error={terms.error} onRetry={terms.refetch} />
      ) : term ? (
        <CollectionCard terms={terms.data} term={term} onTermChange={choose} />
      ) : (
        <EmptyState
          icon={<CalendarRange className="h-10 w-10" />}
          title="No terms yet"
          hint="Fees are billed per term. Add the school's terms, then its fee structure."
          action={
            <Link to="/terms" className={buttonClass('outline')}>
              Go to Terms
            </Link>
          }
        />
      )}
      <BalancesCard
        mpesaConfigured={mpesa.data?.configured}
        onPay={setPaying}
        onMpesa={setAsking}
      />
      <FeeRemindersCard />
      <UnmatchedCard />
      <SponsorsCard terms={terms.data ?? []} term={term} />
      <PaybillCard />
      <RecordPaymentDialog student={paying} onClose={() => setPaying(null)} />
      <MpesaDialog student={asking} onClose={() => setAsking(null)} />
    </div>
  );
}
