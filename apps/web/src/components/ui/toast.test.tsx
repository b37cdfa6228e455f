import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, TOAST_DURATION_MS, Toaster, toast } from './toast';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => dismissToast());
    vi.useRealTimers();
  });

  it('shows one toast at a time: a new one replaces the old', () => {
    render(<Toaster />);
    act(() => toast({ title: 'First' }));
    act(() => toast({ title: 'Second', description: 'details' }));
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
    expect(screen.getByText('details')).toBeTruthy();
  });

  it('dismisses itself after 5 seconds', () => {
    render(<Toaster />);
    act(() => toast({ title: 'Saved' }));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('runs its action and goes away', () => {
    const retry = vi.fn();
    render(<Toaster />);
    act(() =>
      toast({
        title: 'Scores could not be updated',
        variant: 'destructive',
        action: { label: 'Try Again', onClick: retry },
      }),
    );
    act(() => screen.getByText('Try Again').click());
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.queryByText('Scores could not be updated')).toBeNull();
  });
});
