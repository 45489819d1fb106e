import { ListFallback, Pager } from '@kassa/ui';
import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { Fragment, useMemo, type HTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useKeepPageInRange } from './use-list-params';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/**
 * One column of an admin table. `header` is its name (for `hideHeader`, read only by a screen reader, as "Actions");
 * `className` goes on its header and cells (`k-num` right-aligns), `cellClassName` on its cells only. On a phone
 * (`phone` on the table, theme.css) the cells stack under each other; `phone: 'start'` and `'end'` put a cell on the
 * first line, left and right, `'hide'` leaves it out.
 */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  cellClassName?: string;
  hideHeader?: boolean;
  phone?: 'start' | 'end' | 'hide';
  /** On a phone, the column's name before the cell ("Last payment: never"), for cells that do not say what they are. */
  phoneLabel?: boolean;
}

/** The last column: a row's buttons in a row, under a header only a screen reader reads. */
export const actionsColumn = <T,>(cell: (row: T) => ReactNode, cellClassName?: string): Column<T> => ({
  header: 'Actions',
  hideHeader: true,
  cellClassName: classes('k-table__actions', cellClassName),
  cell: (row) => <div className="k-row">{cell(row)}</div>,
});

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined };

/** A row's key: rows with an `id` are keyed by it unless told otherwise. */
type RowKey<T> = T extends { id: string } ? { rowKey?: (row: T) => string } : { rowKey: (row: T) => string };

/** A list's first column: the record's name as the link to its page, and a muted line under it when there is one. */
export const recordColumn = <T,>(header: string, link: (row: T) => { to: string; name: ReactNode }, under: (row: T) => ReactNode): Column<T> => ({
  header,
  cell: (row) => {
    const { to, name } = link(row);
    const more = under(row);
    return (
      <>
        <Link to={to} className="k-record-name">
          {name}
        </Link>
        {more ? <div className="k-muted">{more}</div> : null}
      </>
    );
  },
});

const byId = (row: unknown) => (row as { id: string }).id;

interface TableProps<T extends RowData> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  /** Extra classes of the table, after `k-table`. */
  className?: string;
  /** The table's accessible name, where a page has more than one; `caption` shows one above it. */
  label?: string;
  caption?: string;
  busy?: boolean;
  /** Stacks the cells of a row on a phone instead of scrolling sideways. */
  phone?: boolean;
  rowProps?: (row: T) => RowAttributes;
  /** A full-width row under a row (its details), or null. */
  below?: (row: T) => ReactNode;
  /** The table's last rows (totals). */
  foot?: ReactNode;
}

export type DataTableProps<T extends RowData> = TableProps<T> & RowKey<T>;

const features = tableFeatures({});
const PHONE_CLASS = { start: 'k-phone-start', end: 'k-phone-end', hide: 'k-phone-hide' } as const;

/**
 * A header or cell template, called as a function: FlexRender would mount it as a component, whose type changes with
 * every render of the page (the columns close over its state), so each render would mount the rows' buttons anew.
 */
const show = <C,>(template: ReactNode | ((context: C) => ReactNode), context: C) => (typeof template === 'function' ? template(context) : template);

/** An admin table (TanStack Table, headless): the head from the columns' names, a row per item. */
function Table<T extends RowData>({ rows, columns, rowKey = byId, className, label, caption, busy, phone, rowProps, below, foot }: TableProps<T> & { rowKey?: (row: T) => string }) {
  const defs = useMemo(
    () =>
      columns.map(
        (c, i): ColumnDef<typeof features, T> => ({
          id: String(i),
          header: () => (c.hideHeader ? <span className="k-visually-hidden">{c.header}</span> : c.header),
          cell: ({ row }) => c.cell(row.original),
        }),
      ),
    [columns],
  );
  const cellClasses = columns.map((c) => classes(c.className, c.cellClassName, c.phone && PHONE_CLASS[c.phone]));
  const table = useTable({ features, columns: defs, data: rows, getRowId: rowKey });
  return (
    <table className={classes('k-table', phone && 'k-table--phone', className)} aria-busy={busy} aria-label={label}>
      {caption ? <caption className="k-muted">{caption}</caption> : null}
      <thead>
        <tr>
          {table.getFlatHeaders().map((h) => (
            <th key={h.id} scope="col" className={columns[h.index]?.className}>
              {show(h.column.columnDef.header, h.getContext())}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => {
          const extra = below?.(row.original);
          return (
            <Fragment key={row.id}>
              <tr data-id={row.id} {...rowProps?.(row.original)}>
                {row.getAllCells().map((cell, i) => (
                  <td key={cell.id} className={cellClasses[i]} data-label={columns[i]?.phoneLabel ? columns[i].header : undefined}>
                    {show(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
              {extra ? (
                <tr className="k-table__below">
                  <td colSpan={columns.length}>{extra}</td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
      {foot ? <tfoot>{foot}</tfoot> : null}
    </table>
  );
}

export const DataTable = Table as <T extends RowData>(props: DataTableProps<T>) => ReactNode;

/** What an RTK Query hook gives a list: the state around its rows. */
export interface ListQuery {
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A list page's table: the loading or error state until `rows` come, then `empty` when there are none, else the
 * table in its scrolling frame, busy while the query fetches again.
 */
type ListTableProps<T extends RowData> = Omit<TableProps<T>, 'rows'> & RowKey<T> & { query: ListQuery; rows: readonly T[] | undefined; loadingLabel: string; empty: ReactNode };

export function ListTable<T extends RowData>({ query, rows, loadingLabel, empty, ...table }: ListTableProps<T>) {
  if (!rows) return <ListFallback error={query.error} isLoading={query.isLoading} loadingLabel={loadingLabel} onRetry={() => void query.refetch()} />;
  if (rows.length === 0) return <p className="k-empty">{empty}</p>;
  return (
    <div className="k-table-wrap">
      <Table rows={rows} busy={query.isFetching} {...(table as Omit<TableProps<T>, 'rows'> & { rowKey?: (row: T) => string })} />
    </div>
  );
}

/** ListTable for PagedTable, whose own props are checked where it is used (TypeScript cannot follow RowKey<T> here). */
const AnyListTable = ListTable as unknown as (props: Record<string, unknown>) => ReactNode;

/** The page and the way to another page, as `useListParams` gives them. */
export interface ListPaging {
  page: number;
  go: (next: { page: number }, opts?: { replace?: boolean }) => void;
}

/**
 * A paged list page's table: this page's rows (`query.data.items`) as ListTable shows them, the pager under them, and
 * a page past the end (an old link, the last row of the last page removed) moved to the last page.
 */
export function PagedTable<T extends RowData>({
  query,
  paging,
  pagerLabel,
  ...table
}: Omit<TableProps<T>, 'rows'> &
  RowKey<T> & {
    loadingLabel: string;
    empty: ReactNode;
    query: ListQuery & { data?: { items: readonly T[]; pageCount: number } };
    paging: ListPaging;
    pagerLabel?: string;
  }) {
  const { page, go } = paging;
  const pageCount = query.data?.pageCount;
  useKeepPageInRange(page, pageCount, go);
  return (
    <>
      <AnyListTable {...table} query={query} rows={query.data?.items} />
      <Pager page={page} pageCount={pageCount ?? 0} onPage={(next) => go({ page: next })} label={pagerLabel} />
    </>
  );
}
