import { Flex, Link, Table, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DENSE_CELL, SortablePagedTable } from '#src/components/ui/sortable-paged-table.tsx';
import { href } from '#src/config/paths.ts';
import { formatDate, formatDateTime } from '#src/lib/format.ts';
import { QUEUE_PAGE_SIZE, staffQueueQueryOptions, type StaffTicket } from '../api/staff-incident-queries.ts';
import { isFiltered, searchFor, type QueueFilters } from '../utils/queue-search.ts';
import { PriorityBadge, StatusBadge } from './staff-badges.tsx';

/** The API's fields of the columns one can sort by (descending first: newest, most urgent, latest). */
const SORTABLE = { created: 'created_at', priority: 'priority', activity: 'updated_at' } as const;

type Column = 'id' | 'subject' | 'tenant' | 'building' | 'status' | 'priority' | 'assignee' | 'created' | 'activity';

/**
 * One page of the queue as a dense table, sortable by created, priority and last activity (the
 * column headers are links that keep the filters), with the total from X-Total-Count and pages.
 */
export function QueueTable({ filters, captionId }: { filters: QueueFilters; captionId: string }) {
  const { t } = useTranslation('staffIncidents');
  const { data } = useSuspenseQuery(staffQueueQueryOptions(filters));
  const column = (name: Column, field?: (typeof SORTABLE)[keyof typeof SORTABLE]) => ({
    label: t(`queue.columns.${name}`),
    field,
  });
  return (
    <SortablePagedTable
      rowCount={data.items.length}
      total={data.total}
      totalText={t('queue.total', { count: data.total })}
      empty={isFiltered(filters) ? t('queue.emptyFiltered') : t('queue.empty')}
      page={filters.page}
      pageSize={QUEUE_PAGE_SIZE}
      columns={[
        column('id'),
        column('subject'),
        column('tenant'),
        column('building'),
        column('status'),
        column('priority', SORTABLE.priority),
        column('assignee'),
        column('created', SORTABLE.created),
        column('activity', SORTABLE.activity),
      ]}
      ordering={filters.ordering}
      searchForOrdering={(ordering) => searchFor({ ...filters, ordering, page: 1 })}
      searchForPage={(page) => searchFor({ ...filters, page })}
      captionId={captionId}
      testId="staff-queue"
    >
      {data.items.map((ticket) => (
        <QueueRow key={ticket.id} ticket={ticket} filters={filters} />
      ))}
    </SortablePagedTable>
  );
}

function QueueRow({ ticket, filters }: { ticket: StaffTicket; filters: QueueFilters }) {
  const { t } = useTranslation('staffIncidents');
  const detail = href('staffIncidentDetail', { id: ticket.id });
  return (
    <Table.Row>
      <Table.Cell {...DENSE_CELL} whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
        {ticket.id}
      </Table.Cell>
      <Table.Cell {...DENSE_CELL} minW="48" maxW="md">
        <Link asChild color="brand.fg" fontWeight="semibold" wordBreak="break-word">
          <RouterLink to={detail}>{ticket.subject}</RouterLink>
        </Link>
        {ticket.visit ? (
          <Text textStyle="xs" color="fg.muted">
            {t('queue.visitPlanned')}: {formatDate(ticket.visit.from)}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell {...DENSE_CELL} minW="32">
        {filters.tenant === ticket.tenant.id ? (
          ticket.tenant.name
        ) : (
          <Link
            asChild
            color="fg"
            textDecoration="underline"
            textDecorationStyle="dotted"
            aria-label={t('queue.tenantFilter', { name: ticket.tenant.name })}
          >
            <RouterLink to={searchFor({ ...filters, tenant: ticket.tenant.id, page: 1 })}>
              {ticket.tenant.name}
            </RouterLink>
          </Link>
        )}
      </Table.Cell>
      <Table.Cell {...DENSE_CELL} minW="28">
        {ticket.building.name}
      </Table.Cell>
      <Table.Cell {...DENSE_CELL}>
        <StatusBadge status={ticket.status} />
      </Table.Cell>
      <Table.Cell {...DENSE_CELL}>
        <PriorityBadge priority={ticket.priority} />
      </Table.Cell>
      <Table.Cell {...DENSE_CELL} minW="28">
        {ticket.assignee ? (
          ticket.assignee.display_name
        ) : (
          <Flex as="span" color="fg.muted">
            {t('queue.unassigned')}
          </Flex>
        )}
      </Table.Cell>
      <Table.Cell {...DENSE_CELL} whiteSpace="nowrap">
        <time dateTime={ticket.created_at}>{formatDate(ticket.created_at)}</time>
      </Table.Cell>
      <Table.Cell {...DENSE_CELL} whiteSpace="nowrap">
        <time dateTime={ticket.last_activity_at}>{formatDateTime(ticket.last_activity_at)}</time>
      </Table.Cell>
    </Table.Row>
  );
}
