import { Badge, Box, Button, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FilterSelect } from '#src/components/ui/filter-select.tsx';
import { ListPager } from '#src/components/ui/list-pager.tsx';
import { href } from '#src/config/paths.ts';
import { AfterHydration } from '#src/components/ui/after-hydration.tsx';
import { formatDate } from '#src/lib/format.ts';
import { formText } from '#src/utils/form-data.ts';
import {
  INCIDENTS_PAGE_SIZE,
  incidentsQueryOptions,
  PRIORITIES,
  STATUSES,
  type IncidentListFilters,
  type IncidentPriority,
  type IncidentStatus,
} from '../api/incident-queries.ts';
import { PriorityBadge, StatusBadge } from './incident-badges.tsx';

/** URL search parameters of the list (Czech, as the paths are): ?stav=&priorita=&strana= */
export const LIST_PARAMS = { status: 'stav', priority: 'priorita', page: 'strana' } as const;

/** Reads the list filters from the URL; unknown values are ignored rather than sent (400). */
export function filtersFromSearch(search: URLSearchParams): IncidentListFilters {
  const status = search.get(LIST_PARAMS.status);
  const priority = search.get(LIST_PARAMS.priority);
  const page = Number.parseInt(search.get(LIST_PARAMS.page) ?? '1', 10);
  return {
    status: STATUSES.includes(status as IncidentStatus) ? (status as IncidentStatus) : null,
    priority: PRIORITIES.includes(priority as IncidentPriority) ? (priority as IncidentPriority) : null,
    page: Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1,
  };
}

function toSearch(filters: IncidentListFilters): string {
  const search = new URLSearchParams();
  if (filters.status) search.set(LIST_PARAMS.status, filters.status);
  if (filters.priority) search.set(LIST_PARAMS.priority, filters.priority);
  if (filters.page > 1) search.set(LIST_PARAMS.page, String(filters.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The tenant's incidents, newest first, with status/priority filters and pages. The filters
 * need no data; the list itself renders after hydration (the page is prerendered as the tenant
 * area's shell, apps/web/src/prerender/pages.ts).
 */
export function IncidentsList() {
  const { t } = useTranslation('incidents');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const filtered = Boolean(filters.status || filters.priority);
  const filtersHeadingId = useId();
  const listHeadingId = useId();

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = filtersFromSearch(
      new URLSearchParams({
        [LIST_PARAMS.status]: formText(form, 'status'),
        [LIST_PARAMS.priority]: formText(form, 'priority'),
      }),
    );
    setSearchParams(new URLSearchParams(toSearch({ ...next, page: 1 })));
  };

  return (
    <Stack gap="6">
      <Box as="section" aria-labelledby={filtersHeadingId}>
        <Heading as="h2" id={filtersHeadingId} size="md" mb="3">
          {t('list.filters')}
        </Heading>
        <form onSubmit={onFilter} aria-labelledby={filtersHeadingId}>
          <Flex gap="4" wrap="wrap" align="flex-end">
            <FilterSelect
              id="incident-filter-status"
              name="status"
              label={t('list.status')}
              allLabel={t('list.all')}
              value={filters.status}
              options={STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
              resetKey={searchParams.toString()}
              minW="44"
            />
            <FilterSelect
              id="incident-filter-priority"
              name="priority"
              label={t('list.priority')}
              allLabel={t('list.all')}
              value={filters.priority}
              options={PRIORITIES.map((priority) => ({ value: priority, label: t(`priority.${priority}`) }))}
              resetKey={searchParams.toString()}
              minW="44"
            />
            <HStack gap="2">
              <Button type="submit">{t('list.apply')}</Button>
              {filtered ? (
                <Button variant="ghost" onClick={() => setSearchParams(new URLSearchParams())}>
                  {t('list.reset')}
                </Button>
              ) : null}
            </HStack>
          </Flex>
        </form>
      </Box>

      <Box as="section" aria-labelledby={listHeadingId}>
        <Heading as="h2" id={listHeadingId} size="md" mb="1">
          {t('list.caption')}
        </Heading>
        <AfterHydration minH="96">
          <IncidentResults filters={filters} />
        </AfterHydration>
      </Box>
    </Stack>
  );
}

/** The page of incidents the filters select, with the pager. */
function IncidentResults({ filters }: { filters: IncidentListFilters }) {
  const { t } = useTranslation('incidents');
  const { data } = useSuspenseQuery(incidentsQueryOptions(filters));
  const pages = Math.max(1, Math.ceil(data.total / INCIDENTS_PAGE_SIZE));
  const filtered = Boolean(filters.status || filters.priority);
  return (
    <>
      {data.items.length === 0 ? (
        <Text py="6" fontSize="lg" role="status">
          {filtered ? t('list.emptyFiltered') : t('list.empty')}
        </Text>
      ) : (
        <>
          <Text color="fg.muted" mb="3" role="status">
            {t('list.total', { count: data.total })}
          </Text>
          <Box as="ul" listStyleType="none" display="grid" gap="3">
            {data.items.map((incident) => (
              <Box as="li" key={incident.id} borderWidth="1px" borderColor="border" borderRadius="l2" p="4">
                <Link asChild fontWeight="semibold" fontSize="lg" color="brand.fg" wordBreak="break-word">
                  <RouterLink to={href('incidentDetail', { id: incident.id })}>{incident.subject}</RouterLink>
                </Link>
                <Flex gap="2" wrap="wrap" mt="2" align="center">
                  {incident.has_news ? (
                    <Badge colorPalette="orange" variant="solid" title={t('list.newsHint')} data-testid="incident-news">
                      {t('list.news')}
                    </Badge>
                  ) : null}
                  <StatusBadge status={incident.status} />
                  <PriorityBadge priority={incident.priority} />
                  <Text color="fg.muted" textStyle="sm">
                    {t('list.building')}: {incident.building.name}
                  </Text>
                  <Text color="fg.muted" textStyle="sm">
                    {t('list.created')}: {formatDate(incident.created_at)}
                  </Text>
                </Flex>
              </Box>
            ))}
          </Box>
        </>
      )}
      <ListPager page={filters.page} pages={pages} searchFor={(page) => toSearch({ ...filters, page })} />
    </>
  );
}
