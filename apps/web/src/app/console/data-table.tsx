'use client';

import {
  columnFilteringFeature,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
  type ColumnDef,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useConsoleText } from './console-text';
import styles from './console.module.css';

export type TableRow = Record<string, string | number>;

const features = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
  filterFns: { includesString: filterFn_includesString },
});

export interface TableColumn {
  key: string;
  header: string;
  numeric?: boolean;
}

/** A sortable (click a heading), filterable table of figures, with its CSV download. */
export function DataTable({
  label,
  columns,
  rows,
  csvHref,
}: {
  label: string;
  columns: readonly TableColumn[];
  rows: TableRow[];
  csvHref: string;
}) {
  const t = useConsoleText('table');
  const [filter, setFilter] = useState('');
  const defs = useMemo<ColumnDef<typeof features, TableRow>[]>(
    () =>
      columns.map((c) => ({
        accessorKey: c.key,
        header: c.header,
        sortFn: c.numeric ? 'basic' : 'alphanumeric',
        filterFn: 'includesString',
      })),
    [columns],
  );
  const table = useTable({
    features,
    columns: defs,
    data: rows,
    state: { globalFilter: filter },
    onGlobalFilterChange: setFilter,
    globalFilterFn: 'includesString',
  });
  return (
    <section aria-label={label}>
      <div className={styles.actions}>
        <label>
          {t('filter')}
          <input value={filter} onChange={(e) => setFilter(e.target.value)} />
        </label>
        <a href={csvHref} download>
          {t('csv')}
        </a>
      </div>
      <table className={styles.table}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'
                    }
                  >
                    <button
                      type="button"
                      className={styles.sort}
                      onClick={header.column.getToggleSortingHandler()}
                    >
                      <table.FlexRender header={header} />
                      {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p>{t('empty')}</p>}
    </section>
  );
}
