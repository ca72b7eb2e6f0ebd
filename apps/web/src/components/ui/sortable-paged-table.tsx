import { Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ColumnHeader } from './column-header.tsx';
import { ListPager } from './list-pager.tsx';
import { TableScrollArea } from './table-scroll-area.tsx';

/** The padding of a dense table's cells, headers and body alike. */
export const DENSE_CELL = { px: '2', py: '1.5' } as const;

/** One column of a {@link SortablePagedTable}: its header, and the API's field when it sorts by it. */
export interface SortableColumn<Field extends string> {
  label: string;
  field?: Field | undefined;
}

/**
 * One page of a filtered list as a dense table: the total above it, column headers that sort
 * through links keeping the filters, the rows (`children`) and the pager under it; only the
 * `empty` text when the page has no rows. The table scrolls on its own on a narrow screen, never
 * the page (WCAG 1.4.10); it is named by `captionId`, and is a group instead of a region where the
 * section around it is already the landmark of that name.
 */
export function SortablePagedTable<Field extends string>({
  rowCount,
  total,
  totalText,
  empty,
  page,
  pageSize,
  columns,
  ordering,
  searchForOrdering,
  searchForPage,
  captionId,
  group = false,
  testId,
  children,
}: {
  /** The rows on this page. */
  rowCount: number;
  /** The rows of all pages (X-Total-Count). */
  total: number;
  totalText: string;
  empty: string;
  page: number;
  pageSize: number;
  columns: readonly SortableColumn<Field>[];
  ordering: string;
  /** The query string of the first page in another order (filters kept). */
  searchForOrdering: (ordering: Field | `-${Field}`) => string;
  /** The query string of another page (filters kept). */
  searchForPage: (page: number) => string;
  captionId: string;
  group?: boolean;
  testId: string;
  children: ReactNode;
}) {
  if (rowCount === 0) {
    return (
      <Text py="6" fontSize="lg" role="status">
        {empty}
      </Text>
    );
  }
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <Text color="fg.muted" mb="2" role="status">
        {totalText}
      </Text>
      <TableScrollArea {...(group ? { role: 'group' } : {})} aria-labelledby={captionId}>
        <Table.Root size="sm" textStyle="sm" data-testid={testId}>
          <Table.Header>
            <Table.Row bg="bg.muted">
              {columns.map((column) => (
                <ColumnHeader
                  key={column.label}
                  {...DENSE_CELL}
                  label={column.label}
                  field={column.field}
                  ordering={ordering}
                  searchFor={searchForOrdering}
                />
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>{children}</Table.Body>
        </Table.Root>
      </TableScrollArea>
      <ListPager page={page} pages={pages} searchFor={searchForPage} />
    </>
  );
}
