import { Flex, Link, Table, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DENSE_CELL, SortablePagedTable } from '#src/components/ui/sortable-paged-table.tsx';
import { href } from '#src/config/paths.ts';
import { formatDate, formatDateTime } from '#src/lib/format.ts';
import {
  REQUESTS_PAGE_SIZE,
  staffRequestsQueryOptions,
  type StaffRequest,
} from '../api/staff-public-support-queries.ts';
import { isFiltered, searchFor, type RequestFilters } from '../utils/request-search.ts';
import { AwaitingBadge, RequestStatusBadge } from './request-badges.tsx';

/** The API's fields of the columns one can sort by (descending first: newest, latest change). */
const SORTABLE = { created: 'created_at', updated: 'updated_at' } as const;
type Column = 'id' | 'subject' | 'category' | 'from' | 'building' | 'status' | 'created' | 'updated';

/**
 * One page of the public requests as a dense table, sortable by received and last change (the
 * column headers are links that keep the filters), with the total from X-Total-Count and pages.
 */
export function RequestsTable({ filters, captionId }: { filters: RequestFilters; captionId: string }) {
  const { t } = useTranslation('staffPublicSupport');
  const { data } = useSuspenseQuery(staffRequestsQueryOptions(filters));
  const column = (name: Column, field?: (typeof SORTABLE)[keyof typeof SORTABLE]) => ({
    label: t(`list.columns.${name}`),
    field,
  });
  return (
    <SortablePagedTable
      rowCount={data.items.length}
      total={data.total}
      totalText={t('list.total', { count: data.total })}
      empty={isFiltered(filters) ? t('list.emptyFiltered') : t('list.empty')}
      page={filters.page}
      pageSize={REQUESTS_PAGE_SIZE}
      columns={[
        column('id'),
        column('subject'),
        column('category'),
        column('from'),
        column('building'),
        column('status'),
        column('created', SORTABLE.created),
        column('updated', SORTABLE.updated),
      ]}
      ordering={filters.ordering}
      searchForOrdering={(ordering) => searchFor({ ...filters, ordering, page: 1 })}
      searchForPage={(page) => searchFor({ ...filters, page })}
      captionId={captionId}
      // A group, not a region: the section around it is already the landmark of that name.
      group
      testId="staff-requests"
    >
      {data.items.map((request) => (
        <RequestRow key={request.id} request={request} />
      ))}
    </SortablePagedTable>
  );
}

function RequestRow({ request }: { request: StaffRequest }) {
  const { t } = useTranslation('staffPublicSupport');
  return (
    <Table.Row>
      <Table.Cell {...DENSE_CELL} whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
        {request.id}
      </Table.Cell>
      <Table.Cell {...DENSE_CELL} minW="48" maxW="md">
        <Flex gap="2" align="baseline" wrap="wrap">
          <Link asChild color="brand.fg" fontWeight="semibold" wordBreak="break-word">
            <RouterLink to={href('staffPublicSupportDetail', { id: request.id })}>{request.subject}</RouterLink>
          </Link>
          {request.awaiting_answer ? <AwaitingBadge /> : null}
        </Flex>
      </Table.Cell>
      <Table.Cell {...DENSE_CELL} minW="28">
        {t(`category.${request.category}`)}
      </Table.Cell>
      <Table.Cell {...DENSE_CELL} minW="32" wordBreak="break-word">
        {request.name ?? request.email ?? (
          <Text as="span" color="fg.muted">
            {t('list.anonymous')}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell {...DENSE_CELL} minW="28">
        {request.building?.name ?? (
          <Text as="span" color="fg.muted">
            {t('list.noBuilding')}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell {...DENSE_CELL}>
        <RequestStatusBadge status={request.status} />
      </Table.Cell>
      <Table.Cell {...DENSE_CELL} whiteSpace="nowrap">
        <time dateTime={request.created_at}>{formatDate(request.created_at)}</time>
      </Table.Cell>
      <Table.Cell {...DENSE_CELL} whiteSpace="nowrap">
        <time dateTime={request.updated_at}>{formatDateTime(request.updated_at)}</time>
      </Table.Cell>
    </Table.Row>
  );
}
