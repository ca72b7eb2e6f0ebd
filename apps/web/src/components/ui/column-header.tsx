import { Link, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * A column header of a paged list. With a `field`, it sorts the list by it through a link, so
 * the order lives in the URL with the filters. Descending first; a second click on the sorted column turns it
 * round. `searchFor` gives the query string of the view in the new order (filters kept, first
 * page).
 */
export function ColumnHeader<F extends string>({
  label,
  field,
  ordering,
  searchFor,
  ...cell
}: {
  label: string;
  field?: F | undefined;
  ordering: string;
  searchFor: (ordering: F | `-${F}`) => string;
} & Omit<Table.ColumnHeaderProps, 'children'>) {
  const { t } = useTranslation('common');
  if (field === undefined) {
    return (
      <Table.ColumnHeader {...cell} whiteSpace="nowrap">
        {label}
      </Table.ColumnHeader>
    );
  }
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
