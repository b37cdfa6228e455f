import { FileDown, Loader2 } from 'lucide-react';
import { Button } from '../../components/ui/button';

/** "Download PDF", busy with a spinner while the server makes the file. */
export function DownloadPdfButton({
  pending,
  disabled = false,
  onClick,
}: {
  pending: boolean;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <Button disabled={disabled || pending} aria-busy={pending} onClick={onClick}>
      {pending ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      ) : (
        <FileDown className="h-4 w-4" aria-hidden="true" />
      )}
      {pending ? 'Preparing PDF…' : 'Download PDF'}
    </Button>
  );
}
