import { X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
  action?: { label: string; onClick(): void };
}

interface ShownToast extends ToastOptions {
  id: number;
}

export const TOAST_DURATION_MS = 5000;

// One toast at a time: a new toast replaces the one on screen.
let current: ShownToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(options: ToastOptions) {
  current = { ...options, id: nextId++ };
  emit();
}

export function dismissToast() {
  current = null;
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function Toaster() {
  const shown = useSyncExternalStore(subscribe, () => current);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(dismissToast, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  // On a phone the toast sits just below the signed-in header (h-14), clear of its menu buttons
  // and of what a person presses next at the bottom: a form's buttons, a dialog's footer. Wider
  // screens have room for it bottom right.
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-14 z-[100] flex justify-center p-2 sm:inset-x-auto sm:top-auto sm:bottom-0 sm:right-0 sm:justify-end sm:p-4"
    >
      {shown ? (
        <div
          key={shown.id}
          role={shown.variant === 'destructive' ? 'alert' : 'status'}
          className={cn(
            'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg',
            shown.variant === 'destructive' &&
              'border-red-700 bg-destructive text-destructive-foreground',
            shown.variant === 'success' && 'border-green-200 bg-green-50 text-green-900',
            (!shown.variant || shown.variant === 'default') && 'bg-background',
          )}
        >
          <div className="flex-1 space-y-1">
            <p className="text-sm font-semibold">{shown.title}</p>
            {shown.description ? <p className="text-sm opacity-90">{shown.description}</p> : null}
          </div>
          {shown.action ? (
            <button
              type="button"
              onClick={() => {
                dismissToast();
                shown.action?.onClick();
              }}
              className="shrink-0 rounded-md border border-current/30 px-2.5 py-1 text-xs font-medium hover:bg-black/5"
            >
              {shown.action.label}
            </button>
          ) : null}
          <button
            type="button"
            aria-label="Dismiss"
            onClick={dismissToast}
            className="shrink-0 opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
