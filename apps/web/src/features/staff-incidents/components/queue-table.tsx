import { Flex, Link, Table, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListPager } from '#src/components/ui/list-pager.tsx';
import { ColumnHeader } from '#src/components/ui/column-header.tsx';
import { TableScrollArea } from '#src/components/ui/table-scroll-area.tsx';
import { href } from '#src/config/paths.ts';
import { formatDate, formatDateTime } from '#src/lib/format.ts';
import { QUEUE_PAGE_SIZE, staffQueueQueryOptions, type StaffTicket } from '../api/staff-incident-queries.ts';
import { isFiltered, searchFor, type QueueFilters } from '../utils/queue-search.ts';
import { PriorityBadge, StatusBadge } from './staff-badges.tsx';

/** The columns one can sort by, with the API's field (descending first: newest, most urgent, latest). */
const SORTABLE = { created: 'created_at', priority: 'priority', activity: 'updated_at' } as const;
type SortColumn = keyof typeof SORTABLE;

const CELL = { px: '2', py: '1.5' } as const;

/**
 * One page of the queue as a dense table, sortable by created, priority and last activity (the
 * column headers are links that keep the filters), with the total from X-Total-Count and pages.
 * The table scrolls on its own on a narrow screen, never the page (WCAG 1.4.10).
 */
export function QueueTable({ filters, captionId }: { filters: QueueFilters; captionId: string }) {
  const { t } = useTranslation('staffIncidents');
  const { data } = useSuspenseQuery(staffQueueQueryOptions(filters));
  const pages = Math.max(1, Math.ceil(data.total / QUEUE_PAGE_SIZE));

  if (data.items.length === 0) {
    return (
      <Text py="6" fontSize="lg" role="status">
        {isFiltered(filters) ? t('queue.emptyFiltered') : t('queue.empty')}
      </Text>
    );
  }

  const header = (column: keyof ReturnType<typeof columnLabels>, sortable?: SortColumn) => {
    const label = columnLabels(t)[column];
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
        {t('queue.total', { count: data.total })}
      </Text>
      <TableScrollArea aria-labelledby={captionId}>
        <Table.Root size="sm" textStyle="sm" data-testid="staff-queue">
          <Table.Header>
            <Table.Row bg="bg.muted">
              {header('id')}
              {header('subject')}
              {header('tenant')}
              {header('building')}
              {header('status')}
              {header('priority', 'priority')}
              {header('assignee')}
              {header('created', 'created')}
              {header('activity', 'activity')}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.items.map((ticket) => (
              <QueueRow key={ticket.id} ticket={ticket} filters={filters} />
            ))}
          </Table.Body>
        </Table.Root>
      </TableScrollArea>
      <ListPager page={filters.page} pages={pages} searchFor={(page) => searchFor({ ...filters, page })} />
    </>
  );
}

function columnLabels(t: ReturnType<typeof useTranslation<'staffIncidents'>>['t']) {
  return {
    id: t('queue.columns.id'),
    subject: t('queue.columns.subject'),
    tenant: t('queue.columns.tenant'),
    building: t('queue.columns.building'),
    status: t('queue.columns.status'),
    priority: t('queue.columns.priority'),
    assignee: t('queue.columns.assignee'),
    created: t('queue.columns.created'),
    activity: t('queue.columns.activity'),
  };
}

function QueueRow({ ticket, filters }: { ticket: StaffTicket; filters: QueueFilters }) {
  const { t } = useTranslation('staffIncidents');
  const detail = href('staffIncidentDetail', { id: ticket.id });
  return (
    <Table.Row>
      <Table.Cell {...CELL} whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
        {ticket.id}
      </Table.Cell>
      <Table.Cell {...CELL} minW="48" maxW="md">
        <Link asChild color="brand.fg" fontWeight="semibold" wordBreak="break-word">
          <RouterLink to={detail}>{ticket.subject}</RouterLink>
        </Link>
        {ticket.visit ? (
          <Text textStyle="xs" color="fg.muted">
            {t('queue.visitPlanned')}: {formatDate(ticket.visit.from)}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell {...CELL} minW="32">
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
      <Table.Cell {...CELL} minW="28">
        {ticket.building.name}
      </Table.Cell>
      <Table.Cell {...CELL}>
        <StatusBadge status={ticket.status} />
      </Table.Cell>
      <Table.Cell {...CELL}>
        <PriorityBadge priority={ticket.priority} />
      </Table.Cell>
      <Table.Cell {...CELL} minW="28">
        {ticket.assignee ? (
          ticket.assignee.display_name
        ) : (
          <Flex as="span" color="fg.muted">
            {t('queue.unassigned')}
          </Flex>
        )}
      </Table.Cell>
      <Table.Cell {...CELL} whiteSpace="nowrap">
        <time dateTime={ticket.created_at}>{formatDate(ticket.created_at)}</time>
      </Table.Cell>
      <Table.Cell {...CELL} whiteSpace="nowrap">
        <time dateTime={ticket.last_activity_at}>{formatDateTime(ticket.last_activity_at)}</time>
      </Table.Cell>
    </Table.Row>
  );
}
