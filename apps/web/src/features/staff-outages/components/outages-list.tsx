import { Badge, Box, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { useTranslation } from 'react-i18next';
import { ListPager } from '#src/components/ui/list-pager.tsx';
import { formatDateTime, formatDateTimeRange } from '#src/lib/format.ts';
import { CancellableListItem } from '#src/components/ui/cancellable-list-item.tsx';
import { OUTAGES_PAGE_SIZE, type StaffOutage } from '../api/staff-outage-queries.ts';
import { searchFor, type OutageFilters } from '../utils/outage-search.ts';

/**
 * One page of outages, each with what the tenants see (building, kind, who sees it, when) and
 * the staff's actions: edit and cancel, neither for a cancelled one, which says when and why.
 */
export function OutagesList({
  filters,
  items,
  total,
  onEdit,
  onCancel,
}: {
  filters: OutageFilters;
  items: StaffOutage[];
  total: number;
  onEdit: (outage: StaffOutage) => void;
  onCancel: (outage: StaffOutage) => void;
}) {
  const { t } = useTranslation('staffOutages');
  const pages = Math.max(1, Math.ceil(total / OUTAGES_PAGE_SIZE));
  return (
    <Box as="section" aria-labelledby="staff-outages-list">
      <Heading as="h2" id="staff-outages-list" size="lg" mb="1">
        {t(`list.title.${filters.state}`)}
      </Heading>
      {items.length === 0 ? (
        <Text py="4" fontSize="lg" role="status">
          {t(`list.empty.${filters.state}`)}
        </Text>
      ) : (
        <>
          <Text color="fg.muted" mb="3" role="status">
            {t('list.total', { count: total })}
          </Text>
          <Stack as="ul" listStyleType="none" gap="3" data-testid="staff-outages">
            {items.map((outage) => (
              <OutageItem key={outage.id} outage={outage} onEdit={onEdit} onCancel={onCancel} />
            ))}
          </Stack>
          <ListPager page={filters.page} pages={pages} searchFor={(page) => searchFor({ ...filters, page })} />
        </>
      )}
    </Box>
  );
}

function OutageItem({
  outage,
  onEdit,
  onCancel,
}: {
  outage: StaffOutage;
  onEdit: (outage: StaffOutage) => void;
  onCancel: (outage: StaffOutage) => void;
}) {
  const { t } = useTranslation('staffOutages');
  const cancelled = outage.cancelled_at !== null;
  return (
    <CancellableListItem cancelled={cancelled}>
      <Flex gap="2" align="baseline" wrap="wrap" mb="1">
        <Heading as="h3" size="md" wordBreak="break-word">
          {outage.title}
        </Heading>
        <Badge colorPalette={outage.visibility === 'public' ? 'blue' : 'purple'} variant="surface">
          {t(`visibility.${outage.visibility}`)}
        </Badge>
      </Flex>
      <Text>
        <time dateTime={outage.starts_at}>{formatDateTimeRange(outage.starts_at, outage.ends_at)}</time>
        {outage.ends_at === null ? `, ${t('list.endUnknown')}` : null}
      </Text>
      <Text color="fg.muted" textStyle="sm">
        {outage.building.name} · {t(`category.${outage.category}`)}
      </Text>
      <Text mt="2" whiteSpace="pre-wrap" wordBreak="break-word">
        {outage.description}
      </Text>
      {outage.cancelled_at ? (
        <Box mt="3" fontWeight="medium">
          <Text>{t('list.cancelled', { date: formatDateTime(outage.cancelled_at) })}</Text>
          {outage.cancel_reason ? <Text>{t('list.cancelReason', { reason: outage.cancel_reason })}</Text> : null}
        </Box>
      ) : (
        <HStack gap="2" mt="3" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            onClick={() => onEdit(outage)}
            aria-label={t('list.editLabel', { title: outage.title })}
          >
            {t('list.edit')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={() => onCancel(outage)}
            aria-label={t('list.cancelLabel', { title: outage.title })}
          >
            {t('list.cancel')}
          </Button>
        </HStack>
      )}
    </CancellableListItem>
  );
}
