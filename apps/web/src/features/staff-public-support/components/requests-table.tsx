import { Flex, Link, Table, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListPager } from '#src/components/ui/list-pager.tsx';
import { ColumnHeader } from '#src/components/ui/column-header.tsx';
import { TableScrollArea } from '#src/components/ui/table-scroll-area.tsx';
import { href } from '#src/config/paths.ts';
import { formatDate, formatDateTime } from '#src/lib/format.ts';
import {
  REQUESTS_PAGE_SIZE,
  staffRequestsQueryOptions,
  type StaffRequest,
} from '../api/staff-public-support-queries.ts';
import { isFiltered, searchFor, type RequestFilters } from '../utils/request-search.ts';
import { AwaitingBadge, RequestStatusBadge } from './request-badges.tsx';

/** The columns one can sort by, with the API's field (descending first: newest, latest change). */
const SORTABLE = { created: 'created_at', updated: 'updated_at' } as const;
type SortColumn = keyof typeof SORTABLE;
type Column = 'id' | 'subject' | 'category' | 'from' | 'building' | 'status' | 'created' | 'updated';

const CELL = { px: '2', py: '1.5' } as const;

/**
 * One page of the public requests as a dense table, sortable by received and last change (the
 * column headers are links that keep the filters), with the total from X-Total-Count and pages.
 * The table scrolls on its own on a narrow screen, never the page (WCAG 1.4.10).
 */
export function RequestsTable({ filters, captionId }: { filters: RequestFilters; captionId: string }) {
  const { t } = useTranslation('staffPublicSupport');
  const { data } = useSuspenseQuery(staffRequestsQueryOptions(filters));
  const pages = Math.max(1, Math.ceil(data.total / REQUESTS_PAGE_SIZE));

  if (data.items.length === 0) {
    return (
      <Text py="6" fontSize="lg" role="status">
        {isFiltered(filters) ? t('list.emptyFiltered') : t('list.empty')}
      </Text>
    );
  }

  const header = (column: Column, sortable?: SortColumn) => {
    const label = t(`list.columns.${column}`);
    return (
      <ColumnHeader
        {...CELL}
        label={label}
        field={sortable && SORTABLE[sortable]}
        ordering={filters.ordering}
        searchFor={(ordering) => searchFor({ ...filters, ordering, page: 1 })}
      />
    );
  };

  return (
    <>
      <Text color="fg.muted" mb="2" role="status">
        {t('list.total', { count: data.total })}
      </Text>
      <TableScrollArea
        // A group, not a region: the section around it is already the landmark of that name.
        role="group"
        aria-labelledby={captionId}
      >
        <Table.Root size="sm" textStyle="sm" data-testid="staff-requests">
          <Table.Header>
            <Table.Row bg="bg.muted">
              {header('id')}
              {header('subject')}
              {header('category')}
              {header('from')}
              {header('building')}
              {header('status')}
              {header('created', 'created')}
              {header('updated', 'updated')}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.items.map((request) => (
              <RequestRow key={request.id} request={request} />
            ))}
          </Table.Body>
        </Table.Root>
      </TableScrollArea>
      <ListPager page={filters.page} pages={pages} searchFor={(page) => searchFor({ ...filters, page })} />
    </>
  );
}

function RequestRow({ request }: { request: StaffRequest }) {
  const { t } = useTranslation('staffPublicSupport');
  return (
    <Table.Row>
      <Table.Cell {...CELL} whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
        {request.id}
      </Table.Cell>
      <Table.Cell {...CELL} minW="48" maxW="md">
        <Flex gap="2" align="baseline" wrap="wrap">
          <Link asChild color="brand.fg" fontWeight="semibold" wordBreak="break-word">
            <RouterLink to={href('staffPublicSupportDetail', { id: request.id })}>{request.subject}</RouterLink>
          </Link>
          {request.awaiting_answer ? <AwaitingBadge /> : null}
        </Flex>
      </Table.Cell>
      <Table.Cell {...CELL} minW="28">
        {t(`category.${request.category}`)}
      </Table.Cell>
      <Table.Cell {...CELL} minW="32" wordBreak="break-word">
        {request.name ?? request.email ?? (
          <Text as="span" color="fg.muted">
            {t('list.anonymous')}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell {...CELL} minW="28">
        {request.building?.name ?? (
          <Text as="span" color="fg.muted">
            {t('list.noBuilding')}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell {...CELL}>
        <RequestStatusBadge status={request.status} />
      </Table.Cell>
      <Table.Cell {...CELL} whiteSpace="nowrap">
        <time dateTime={request.created_at}>{formatDate(request.created_at)}</time>
      </Table.Cell>
      <Table.Cell {...CELL} whiteSpace="nowrap">
        <time dateTime={request.updated_at}>{formatDateTime(request.updated_at)}</time>
      </Table.Cell>
    </Table.Row>
  );
}
