import { Pencil, Trash2 } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';

const rows = {
  outline: 'flex justify-end gap-2',
  ghost: 'flex gap-1',
  /** Icons only, for the tight row of a phone card. */
  icon: 'flex shrink-0 gap-1',
} as const;

/** A list row's Edit and Delete buttons, named after the row for screen readers. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  look = 'outline',
}: {
  /** What the row shows: the buttons read 'Edit <name>' and 'Delete <name>'. */
  name: string;
  onEdit(): void;
  onDelete(): void;
  look?: keyof typeof rows;
}) {
  const variant = look === 'outline' ? 'outline' : 'ghost';
  const size = look === 'icon' ? 'icon' : 'sm';
  const text = look !== 'icon';
  return (
    <div className={rows[look]}>
      <Button variant={variant} size={size} aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
        {text ? 'Edit' : null}
      </Button>
      <Button
        variant={variant}
        size={size}
        className={cn('text-destructive', look === 'ghost' && 'hover:bg-red-50')}
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        {text ? 'Delete' : null}
      </Button>
    </div>
  );
}
