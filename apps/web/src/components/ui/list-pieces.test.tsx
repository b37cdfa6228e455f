import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { LoadError } from './load-error';
import { RowActions } from './row-actions';

describe('LoadError', () => {
  it("says what could not be loaded and why, and retries on 'Try Again'", () => {
    const retry = vi.fn();
    render(<LoadError what="the exams" error={new ApiError('Server down', 503)} onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain(
      'Could not load the exams. Server down',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(retry).toHaveBeenCalledOnce();
    expect(retry).toHaveBeenCalledWith();
  });
});

describe('RowActions', () => {
  it('names both buttons after the row, with text or icons only', () => {
    const edit = vi.fn();
    const remove = vi.fn();
    const { rerender } = render(<RowActions name="Term 1" onEdit={edit} onDelete={remove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Term 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Term 1' }));
    expect(edit).toHaveBeenCalledOnce();
    expect(remove).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Delete Term 1' }).textContent).toBe('Delete');

    rerender(<RowActions name="Term 1" onEdit={edit} onDelete={remove} look="icon" />);
    expect(screen.getByRole('button', { name: 'Delete Term 1' }).textContent).toBe('');
  });
});
