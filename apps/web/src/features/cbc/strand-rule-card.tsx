import { STRAND_RULE_LABELS, STRAND_RULES, type StrandRule } from '@shule/shared/cbc-term';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useCbcSettings, useSetStrandRule } from './term-api';

/**
 * How the school reads a strand's level for the term from its several assessments: the latest
 * or the most frequent. One choice for the whole school, printed on every progress report.
 */
export function StrandRuleCard({ isAdmin }: { isAdmin: boolean }) {
  const settings = useCbcSettings();
  const setRule = useSetStrandRule();

  const change = (rule: StrandRule) =>
    setRule.mutate(rule, {
      onSuccess: (saved) =>
        toast({
          title: `Strand levels: ${saved.strand_rule_label.toLowerCase()}`,
          variant: 'success',
        }),
      onError: (err) =>
        toast({ title: 'Not changed', description: errorMessage(err), variant: 'destructive' }),
    });

  let body: ReactNode;
  if (settings.isPending) body = <SkeletonRows rows={1} />;
  else if (settings.isError)
    body = <LoadError what="the strand rule" error={settings.error} onRetry={settings.refetch} />;
  else
    body = (
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{settings.data.strand_rule_statement}</p>
        {isAdmin ? (
          <Select
            aria-label="A strand's level for the term"
            className="sm:w-64"
            value={settings.data.strand_rule}
            disabled={setRule.isPending}
            onChange={(e) => change(e.target.value as StrandRule)}
          >
            {STRAND_RULES.map((r) => (
              <option key={r} value={r}>
                {STRAND_RULE_LABELS[r]}
              </option>
            ))}
          </Select>
        ) : (
          <span className="text-sm font-medium">{settings.data.strand_rule_label}</span>
        )}
      </div>
    );

  return (
    <Card className="mb-4 p-4">
      <h2 className="font-semibold">A strand's level for the term</h2>
      <p className="mb-2 text-sm text-muted-foreground">
        A strand is assessed several times a term. The school's choice applies to every level and is
        stated on the progress reports.
      </p>
      {body}
    </Card>
  );
}
