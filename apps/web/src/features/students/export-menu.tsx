import type { StudentExportFormat } from '@shule/shared/students';
import { ChevronDown, Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { downloadStudentsFile, type StudentsFileFilter } from './get-students';

const CHOICES: { format: StudentExportFormat; label: string; hint: string }[] = [
  { format: 'csv', label: 'Export CSV', hint: 'The students shown, in the import’s columns' },
  { format: 'nemis', label: 'Export for NEMIS', hint: 'The learner register’s columns' },
];

/** The students page's Export button: a small menu of the two files the server writes. */
export function ExportMenu({
  filter,
  disabled,
}: {
  filter: StudentsFileFilter;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (
        e instanceof KeyboardEvent ? e.key === 'Escape' : !menu.current?.contains(e.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const download = async (format: StudentExportFormat) => {
    setOpen(false);
    setBusy(true);
    try {
      await downloadStudentsFile(format, filter);
      toast({ title: 'Export ready', description: 'The file is in your downloads' });
    } catch (err) {
      toast({ title: 'Export failed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div ref={menu} className="relative">
      <Button
        variant="outline"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        disabled={disabled || busy}
      >
        <Download className="h-4 w-4" aria-hidden="true" />
        {busy ? 'Exporting…' : 'Export'}
        <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </Button>
      {open ? (
        <div
          role="menu"
          className="absolute right-0 z-20 mt-1 w-64 rounded-md border bg-background p-1 shadow-lg"
        >
          {CHOICES.map((c) => (
            <button
              key={c.format}
              type="button"
              role="menuitem"
              onClick={() => download(c.format)}
              className="block w-full rounded px-3 py-2 text-left text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none"
            >
              <span className="block font-medium">{c.label}</span>
              <span className="block text-xs text-muted-foreground">{c.hint}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
