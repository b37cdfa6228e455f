import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CardsOrTable, DataTable } from './data-table';

const rows = [
  { id: 2, name: 'Term 2' },
  { id: 1, name: 'Term 1' },
];

describe('DataTable', () => {
  it('draws a header row and one row per item in order, leaving out columns given as false', () => {
    const open = vi.fn();
    render(
      <DataTable
        rows={rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ onClick: () => open(r.id), 'data-testid': 'row' })}
        columns={[
          { header: 'Term', cell: (r) => r.name, className: 'font-medium' },
          false,
          { header: 'Id', cell: (r) => r.id, headerClassName: 'text-right' },
        ]}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Term', 'Id']);
    expect(screen.getByRole('columnheader', { name: 'Id' }).className).toContain('text-right');
    const [first, second] = screen.getAllByTestId('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Term 2', '2']);
    expect(within(second!).getByRole('cell', { name: 'Term 1' }).className).toContain(
      'font-medium',
    );
    fireEvent.click(second!);
    expect(open).toHaveBeenCalledWith(1);
  });
});

describe('CardsOrTable', () => {
  it('lists the cards under the given name for phones, next to the table', () => {
    render(
      <CardsOrTable
        label="Terms"
        rows={rows}
        rowKey={(r) => r.id}
        card={(r) => <p>{r.name} card</p>}
        columns={[{ header: 'Term', cell: (r) => r.name }]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Terms' });
    expect(list.className).toBe('space-y-3 md:hidden');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Term 2 card', 'Term 1 card']);
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});
