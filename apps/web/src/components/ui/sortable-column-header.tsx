import { Link, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * A table column header that sorts the list by `field` through a link, so the order lives in
 * the URL with the filters. Descending first; a second click on the sorted column turns it
 * round. `searchFor` gives the query string of the view in the new order (filters kept, first
 * page).
 */
export function SortableColumnHeader<F extends string>({
  label,
  field,
  ordering,
  searchFor,
  ...cell
}: {
  label: string;
  field: F;
  ordering: string;
  searchFor: (ordering: F | `-${F}`) => string;
} & Omit<Table.ColumnHeaderProps, 'children'>) {
  const { t } = useTranslation('common');
  const direction = ordering === `-${field}` ? 'descending' : ordering === field ? 'ascending' : undefined;
  const next = direction === 'descending' ? field : (`-${field}` as const);
  return (
    <Table.ColumnHeader {...cell} whiteSpace="nowrap" aria-sort={direction ?? 'none'}>
      <Link asChild color="brand.fg" fontWeight="semibold">
        <RouterLink
          to={searchFor(next) || '?'}
          // The state in words too: aria-sort is not announced everywhere.
          aria-label={direction === undefined ? label : `${label}, ${t(`table.${direction}`)}`}
        >
          {label}
          <span aria-hidden="true">{direction === 'descending' ? ' ↓' : direction === 'ascending' ? ' ↑' : ''}</span>
        </RouterLink>
      </Link>
    </Table.ColumnHeader>
  );
}
