import { Badge, Box, Button, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FilterSelect } from '#src/components/ui/filter-select.tsx';
import { Frame } from '#src/components/ui/frame.tsx';
import { ListPager } from '#src/components/ui/list-pager.tsx';
import { formatDateTimeRange } from '#src/lib/format.ts';
import { formText } from '#src/utils/form-data.ts';
import { PlainList } from '#src/components/ui/plain-list.tsx';
import {
  OUTAGES_PAGE_SIZE,
  outageBuildingsQueryOptions,
  outagesQueryOptions,
  type Outage,
} from '../api/outage-queries.ts';
import { OUTAGE_PARAMS, outageFiltersFromSearch, outageSearch } from '../utils/outage-search.ts';
import { outageTiming } from '../utils/outage-timing.ts';
import { CalendarFeed } from './calendar-feed.tsx';

function OutageItem({ outage }: { outage: Outage }) {
  const { t } = useTranslation('plannedOutages');
  const timing = outageTiming(outage);
  return (
    <Frame as="li" highlight={timing === 'ongoing' ? 'orange.solid' : undefined}>
      <Flex gap="2" wrap="wrap" align="center" mb="1">
        <Heading as="h3" size="md" wordBreak="break-word">
          {outage.title}
        </Heading>
        {timing === 'ongoing' ? (
          <Badge colorPalette="orange" variant="solid">
            {t('timing.ongoing')}
          </Badge>
        ) : null}
        {timing === 'past' ? <Badge variant="surface">{t('timing.past')}</Badge> : null}
        {outage.visibility === 'tenant_only' ? (
          <Badge colorPalette="blue" variant="outline">
            {t('tenantOnly')}
          </Badge>
        ) : null}
      </Flex>
      <Text fontWeight="medium">
        <time dateTime={outage.starts_at}>{formatDateTimeRange(outage.starts_at, outage.ends_at)}</time>
        {outage.ends_at === null ? `, ${t('endUnknown')}` : null}
      </Text>
      <Text color="fg.muted" textStyle="sm" mt="1">
        {t('building')}: {outage.building.name} · {t('category.label')}: {t(`category.${outage.category}`)}
      </Text>
      <Text mt="2" whiteSpace="pre-wrap" wordBreak="break-word">
        {outage.description}
      </Text>
    </Frame>
  );
}

/**
 * Planned outages: upcoming ones (under way first) or, on request, past ones; a building
 * filter; pages from X-Total-Count; and the calendar feed for the same building. Everything
 * the page shows is in the URL (`?budova=&probehle=1&strana=`), so it can be linked.
 */
export function OutagesList() {
  const { t } = useTranslation('plannedOutages');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = outageFiltersFromSearch(searchParams);
  const { data } = useSuspenseQuery(outagesQueryOptions(filters));
  const { data: buildings } = useSuspenseQuery(outageBuildingsQueryOptions());
  const pages = Math.max(1, Math.ceil(data.total / OUTAGES_PAGE_SIZE));
  const buildingName = buildings.find((building) => building.id === filters.building)?.name ?? null;
  const filtersHeadingId = useId();
  const listHeadingId = useId();

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = outageFiltersFromSearch(new URLSearchParams({ [OUTAGE_PARAMS.building]: formText(form, 'building') }));
    setSearchParams(new URLSearchParams(outageSearch({ ...filters, building: next.building, page: 1 })));
  };

  return (
    <Stack gap="6">
      <Box as="section" aria-labelledby={filtersHeadingId}>
        <Heading as="h2" id={filtersHeadingId} size="md" mb="3">
          {t('filters.title')}
        </Heading>
        <form onSubmit={onFilter} aria-labelledby={filtersHeadingId}>
          <Flex gap="4" wrap="wrap" align="flex-end">
            <FilterSelect
              id="outage-filter-building"
              name="building"
              label={t('filters.building')}
              allLabel={t('filters.allBuildings')}
              value={filters.building}
              options={buildings.map((building) => ({ value: building.id, label: building.name }))}
              resetKey={searchParams.toString()}
              minW="min(100%, 16rem)"
            />
            <HStack gap="2">
              <Button type="submit">{t('filters.apply')}</Button>
              {filters.building !== null ? (
                <Button
                  variant="ghost"
                  onClick={() =>
                    setSearchParams(new URLSearchParams(outageSearch({ ...filters, building: null, page: 1 })))
                  }
                >
                  {t('filters.reset')}
                </Button>
              ) : null}
            </HStack>
          </Flex>
        </form>
        <Link asChild color="brand.fg" mt="4" display="inline-block" textDecoration="underline">
          <RouterLink to={outageSearch({ ...filters, past: !filters.past, page: 1 }) || '?'}>
            {filters.past ? t('filters.showUpcoming') : t('filters.showPast')}
          </RouterLink>
        </Link>
      </Box>

      <Box as="section" aria-labelledby={listHeadingId}>
        <Heading as="h2" id={listHeadingId} size="md" mb="1">
          {filters.past ? t('list.pastTitle') : t('list.upcomingTitle')}
        </Heading>
        {data.items.length === 0 ? (
          <Text py="6" fontSize="lg" role="status">
            {filters.past ? t('list.emptyPast') : t('list.emptyUpcoming')}
          </Text>
        ) : (
          <>
            <Text color="fg.muted" mb="3" role="status">
              {t('list.total', { count: data.total })}
            </Text>
            <PlainList gap="3" data-testid="outages">
              {data.items.map((outage) => (
                <OutageItem key={outage.id} outage={outage} />
              ))}
            </PlainList>
          </>
        )}
        <ListPager page={filters.page} pages={pages} searchFor={(page) => outageSearch({ ...filters, page })} />
      </Box>

      <CalendarFeed building={filters.building} buildingName={buildingName} />
    </Stack>
  );
}
