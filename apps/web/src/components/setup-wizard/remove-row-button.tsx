import { Trash2 } from 'lucide-react';
import { Button } from '../ui/button';

/**
 * The remove button of one row of a step's list (a class, a term), or the space it takes when
 * the row cannot go: saved already, or the list's only row.
 */
export function RemoveRowButton({
  label,
  removable,
  onRemove,
}: {
  label: string;
  removable: boolean;
  onRemove: () => void;
}) {
  if (!removable) return <span className="hidden w-10 sm:block" />;
  return (
    <Button
      variant="ghost"
      className="justify-self-start px-2 sm:mt-7 sm:w-10"
      aria-label={label}
      onClick={onRemove}
    >
      <Trash2 className="h-4 w-4" aria-hidden="true" />
      <span className="sm:hidden">Remove</span>
    </Button>
  );
}
