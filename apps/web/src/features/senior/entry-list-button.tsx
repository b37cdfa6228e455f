import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import { downloadEntryList } from './kjsea-api';

/**
 * Downloads a senior-school level's KNEC entry list (admin): the CSV of docs/entry-list.md. The
 * toast says how many learners are listed without a subject choice.
 */
export function EntryListButton({ level, className }: { level: string; className?: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await downloadEntryList(level);
      saveFile(file.blob, file.fileName ?? 'entry-list.csv');
      const missing = file.missingChoices;
      toast(
        missing > 0
          ? {
              title: `${level} entry list downloaded`,
              description: `${missing} ${missing === 1 ? 'learner has' : 'learners have'} no subject choice yet: their subjects are empty`,
            }
          : {
              title: `${level} entry list downloaded`,
              description: 'The file is in your downloads',
            },
      );
    } catch (err) {
      toast({ title: 'Not downloaded', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={download} disabled={busy} className={className}>
      <Download className="h-4 w-4" aria-hidden="true" />
      {busy ? 'Preparing…' : `${level} entry list (CSV)`}
    </Button>
  );
}
