import { Box, Flex, Heading, Link, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { href } from '#src/config/paths.ts';
import { formatDate, formatNumber } from '#src/lib/format.ts';
import { overviewListQueryOptions, staffCountsQueryOptions, type StaffTicket } from '../api/staff-incident-queries.ts';
import { EMPTY_FILTERS, searchFor, STATUSES, type QueueFilters } from '../utils/queue-search.ts';
import { PriorityBadge, StatusBadge } from './staff-badges.tsx';

const queueLink = (filters: Partial<QueueFilters>) =>
  `${href('staffIncidents')}${searchFor({ ...EMPTY_FILTERS, ...filters })}`;

/** The staff overview: counts per status (each a link to the queue), the newest unassigned and mine. */
export function StaffOverview() {
  const { t } = useTranslation('staffIncidents');
  const { data: counts } = useSuspenseQuery(staffCountsQueryOptions());
  const countsId = useId();
  const tiles = [
    ...STATUSES.map((status) => ({
      key: status,
      label: t(`status.${status}`),
      count: counts[status],
      to: queueLink({ statuses: [status] }),
    })),
    {
      key: 'unassigned',
      label: t('overview.unassignedCount'),
      count: counts.unassigned,
      to: queueLink({ statuses: ['open', 'in_progress'], assignee: { kind: 'none' } }),
    },
    {
      key: 'mine',
      label: t('overview.mineCount'),
      count: counts.mine,
      to: queueLink({ statuses: ['open', 'in_progress'], assignee: { kind: 'me' } }),
    },
  ];
  return (
    <Stack gap="8">
      <Box as="section" aria-labelledby={countsId}>
        <Heading as="h2" id={countsId} size="lg" mb="1">
          {t('overview.counts')}
        </Heading>
        <Text color="fg.muted" mb="3" textStyle="sm">
          {t('overview.countsHint')}
        </Text>
        <SimpleGrid as="ul" columns={{ base: 2, md: 3, lg: 6 }} gap="3" listStyleType="none" m="0" p="0">
          {tiles.map((tile) => (
            <LinkBox
              as="li"
              key={tile.key}
              borderWidth="1px"
              borderColor="border"
              borderRadius="l3"
              p="3"
              _hover={{ borderColor: 'brand.solid' }}
              _focusWithin={{ outline: '3px solid', outlineColor: 'brand.focusRing' }}
            >
              {/* The count is part of the link, so the link says what it leads to and how many. */}
              <LinkOverlay asChild color="brand.fg" fontWeight="medium" _focusVisible={{ outline: 'none' }}>
                <RouterLink to={tile.to}>
                  {tile.label}
                  <Text as="span" display="block" fontSize="3xl" fontWeight="bold" lineHeight="1.1" color="fg">
                    {formatNumber(tile.count)}
                  </Text>
                </RouterLink>
              </LinkOverlay>
            </LinkBox>
          ))}
        </SimpleGrid>
      </Box>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="8">
        <ShortList which="unassigned" />
        <ShortList which="mine" />
      </SimpleGrid>
    </Stack>
  );
}

/** The newest unassigned tickets, or the caller's, with a link to the whole list in the queue. */
function ShortList({ which }: { which: 'unassigned' | 'mine' }) {
  const { t } = useTranslation('staffIncidents');
  const { data } = useSuspenseQuery(overviewListQueryOptions(which));
  const headingId = useId();
  const all = queueLink({
    statuses: ['open', 'in_progress'],
    assignee: { kind: which === 'unassigned' ? 'none' : 'me' },
    ordering: which === 'unassigned' ? '-created_at' : '-updated_at',
  });
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="lg" mb="3">
        {which === 'unassigned' ? t('overview.newestUnassigned') : t('overview.mine')}
      </Heading>
      {data.items.length === 0 ? (
        <Text color="fg.muted">{which === 'unassigned' ? t('overview.noneUnassigned') : t('overview.noneMine')}</Text>
      ) : (
        <>
          <Box as="ul" listStyleType="none" display="grid" gap="2" m="0" p="0">
            {data.items.map((ticket) => (
              <TicketLine key={ticket.id} ticket={ticket} />
            ))}
          </Box>
          <Link asChild color="brand.fg" mt="3" display="inline-block">
            <RouterLink to={all}>{t('overview.showAll', { count: data.total })}</RouterLink>
          </Link>
        </>
      )}
    </Box>
  );
}

function TicketLine({ ticket }: { ticket: StaffTicket }) {
  const { t } = useTranslation('staffIncidents');
  return (
    <Box as="li" borderWidth="1px" borderColor="border" borderRadius="l2" p="3">
      <Link asChild fontWeight="semibold" color="brand.fg" wordBreak="break-word">
        <RouterLink to={href('staffIncidentDetail', { id: ticket.id })}>
          {t('detail.title', { id: ticket.id })}: {ticket.subject}
        </RouterLink>
      </Link>
      <Flex gap="2" wrap="wrap" mt="1" align="center" textStyle="sm" color="fg.muted">
        <StatusBadge status={ticket.status} />
        <PriorityBadge priority={ticket.priority} />
        <span>{ticket.tenant.name}</span>
        <span>· {ticket.building.name}</span>
        <span>
          · <time dateTime={ticket.created_at}>{formatDate(ticket.created_at)}</time>
        </span>
      </Flex>
    </Box>
  );
}
