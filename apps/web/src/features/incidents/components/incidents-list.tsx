import { Badge, Box, Button, Flex, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigation, useSearchParams } from 'react-router';
import { SelectInput } from '#src/components/forms/inputs.tsx';
import { AfterHydration } from '#src/components/ui/after-hydration.tsx';
import { FilterLabel } from '#src/components/ui/filter-select.tsx';
import { ListPager } from '#src/components/ui/list-pager.tsx';
import { href } from '#src/config/paths.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { INCIDENTS_PAGE_SIZE, incidentsQueryOptions } from '../api/incident-queries.ts';
import {
  EMPTY_FILTERS,
  filtersFromSearch,
  isFiltered,
  ORDERINGS,
  PRIORITIES,
  SEARCH_MAX,
  searchFor,
  STATUSES,
  type IncidentListFilters,
} from '../utils/list-search.ts';
import { PriorityBadge, StatusBadge } from './incident-badges.tsx';

export { filtersFromSearch } from '../utils/list-search.ts';

/** How long typing pauses before the search is applied. */
export const SEARCH_DEBOUNCE_MS = 400;

const FIELD_IDS = {
  search: 'incident-filter-search',
  status: 'incident-filter-status',
  priority: 'incident-filter-priority',
  ordering: 'incident-filter-ordering',
} as const;

/**
 * The tenant's incidents with full-text search, status and priority filters, the ordering and
 * pages – all in the URL, so back, forward, reload and a shared link keep the view. The selects
 * apply at once, the search after a pause in typing (or with Enter). The filters need no data;
 * the list itself renders after hydration (the page is prerendered as the tenant area's shell,
 * apps/web/src/prerender/pages.ts).
 */
export function IncidentsList() {
  const { t } = useTranslation('incidents');
  const [searchParams, setSearchParams] = useSearchParams();
  // While the route's loader fetches a changed view, the URL still shows the previous one: the
  // form follows the pending navigation, so a second change builds on the first and the selects
  // show what was chosen.
  const pending = useNavigation().location;
  const { pathname } = useLocation();
  const filters = filtersFromSearch(
    pending?.pathname === pathname ? new URLSearchParams(pending.search) : searchParams,
  );
  const shown = filtersFromSearch(searchParams);
  const filtersHeadingId = useId();
  const listHeadingId = useId();

  // The query the last change asked for, read when the next change is made (a handler may run
  // before React has rendered the previous change); forgotten once the URL has it.
  const requested = useRef<string | null>(null);
  const committed = searchParams.toString();
  useEffect(() => {
    if (requested.current === committed) requested.current = null;
  }, [committed]);
  const navigateTo = (next: IncidentListFilters, options?: { replace?: boolean }) => {
    requested.current = searchFor(next).slice(1);
    setSearchParams(new URLSearchParams(requested.current), options);
  };
  // Any change of the view starts again at its first page.
  const apply = (next: Partial<IncidentListFilters>, options?: { replace?: boolean }) => {
    const current = requested.current === null ? filters : filtersFromSearch(new URLSearchParams(requested.current));
    navigateTo({ ...current, ...next, page: 1 }, options);
  };

  // The search text follows the URL (back, forward) unless the user is typing something else.
  const [text, setText] = useState(filters.search ?? '');
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current) setText(filters.search ?? '');
  }, [filters.search]);
  useEffect(() => {
    if (!typed.current) return;
    const timer = window.setTimeout(() => {
      typed.current = false;
      const search = text.trim().slice(0, SEARCH_MAX) || null;
      // While typing, one history entry rather than one per pause.
      if (search !== filters.search) apply({ search }, { replace: filters.search !== null && search !== null });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // `apply` and `filters` change with the URL; the timer restarts only on typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    typed.current = false;
    apply({ search: text.trim().slice(0, SEARCH_MAX) || null });
  };

  return (
    <Stack gap="6">
      <Box as="section" aria-labelledby={filtersHeadingId}>
        <Heading as="h2" id={filtersHeadingId} size="md" mb="3">
          {t('list.filters')}
        </Heading>
        <form role="search" onSubmit={onSubmit} aria-labelledby={filtersHeadingId}>
          <Flex gap="4" wrap="wrap" align="flex-end">
            <Box flex="2 1 16rem" minW="0">
              <FilterLabel htmlFor={FIELD_IDS.search}>{t('list.search')}</FilterLabel>
              {/* The hint between label and field (not under it), so the fields of the row
                  line up with the selects, which the row aligns at their bottom edge. */}
              <Text id={`${FIELD_IDS.search}-hint`} textStyle="sm" color="fg.muted" mb="1">
                {t('list.searchHint')}
              </Text>
              <Input
                id={FIELD_IDS.search}
                type="search"
                name="search"
                value={text}
                maxLength={SEARCH_MAX}
                autoComplete="off"
                aria-describedby={`${FIELD_IDS.search}-hint`}
                onChange={(event) => {
                  typed.current = true;
                  setText(event.target.value);
                }}
              />
            </Box>
            <ListSelect
              id={FIELD_IDS.status}
              label={t('list.status')}
              placeholder={t('list.all')}
              value={filters.status ?? ''}
              options={STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
              onChange={(value) => apply({ status: STATUSES.find((status) => status === value) ?? null })}
            />
            <ListSelect
              id={FIELD_IDS.priority}
              label={t('list.priority')}
              placeholder={t('list.all')}
              value={filters.priority ?? ''}
              options={PRIORITIES.map((priority) => ({ value: priority, label: t(`priority.${priority}`) }))}
              onChange={(value) => apply({ priority: PRIORITIES.find((priority) => priority === value) ?? null })}
            />
            <ListSelect
              id={FIELD_IDS.ordering}
              label={t('list.ordering')}
              value={filters.ordering}
              options={ORDERINGS.map((ordering) => ({ value: ordering, label: t(`list.orderings.${ordering}`) }))}
              onChange={(value) =>
                apply({ ordering: ORDERINGS.find((ordering) => ordering === value) ?? EMPTY_FILTERS.ordering })
              }
            />
            <Flex gap="2" wrap="wrap">
              <Button type="submit">{t('list.apply')}</Button>
              {isFiltered(filters) ? (
                <Button
                  variant="ghost"
                  onClick={() => {
                    typed.current = false;
                    setText('');
                    navigateTo({ ...EMPTY_FILTERS, ordering: filters.ordering });
                  }}
                >
                  {t('list.reset')}
                </Button>
              ) : null}
            </Flex>
          </Flex>
        </form>
      </Box>

      <Box as="section" aria-labelledby={listHeadingId}>
        <Heading as="h2" id={listHeadingId} size="md" mb="1">
          {t('list.caption')}
        </Heading>
        <AfterHydration minH="96">
          <IncidentResults filters={shown} />
        </AfterHydration>
      </Box>
    </Stack>
  );
}

/** A labelled native select of the list that applies its choice at once. */
function ListSelect({
  id,
  label,
  placeholder,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  placeholder?: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Box flex="1 1 11rem" minW="0">
      <FilterLabel htmlFor={id}>{label}</FilterLabel>
      <SelectInput
        id={id}
        value={value}
        {...(placeholder === undefined ? {} : { placeholder })}
        options={options}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </Box>
  );
}

/** The page of incidents the filters select, with the number announced and the pager. */
function IncidentResults({ filters }: { filters: IncidentListFilters }) {
  const { t } = useTranslation('incidents');
  const { data } = useSuspenseQuery(incidentsQueryOptions(filters));
  const pages = Math.max(1, Math.ceil(data.total / INCIDENTS_PAGE_SIZE));
  return (
    <>
      {data.items.length === 0 ? (
        <Text py="6" fontSize="lg" role="status">
          {isFiltered(filters) ? t('list.emptyFiltered') : t('list.empty')}
        </Text>
      ) : (
        <>
          <Text color="fg.muted" mb="3" role="status">
            {t('list.total', { count: data.total })}
          </Text>
          <Box as="ul" listStyleType="none" display="grid" gap="3">
            {data.items.map((incident) => (
              <Box as="li" key={incident.id} borderWidth="1px" borderColor="border" borderRadius="l2" p="4">
                <Flex gap="2" align="baseline" wrap="wrap">
                  <Text as="span" color="fg.muted" fontVariantNumeric="tabular-nums">
                    {t('list.number', { id: incident.id })}
                  </Text>
                  <Link asChild fontWeight="semibold" fontSize="lg" color="brand.fg" wordBreak="break-word">
                    <RouterLink to={href('incidentDetail', { id: incident.id })}>{incident.subject}</RouterLink>
                  </Link>
                </Flex>
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
                    {t('list.created')}:{' '}
                    <time dateTime={incident.created_at}>{formatDateTime(incident.created_at)}</time>
                  </Text>
                  <Text color="fg.muted" textStyle="sm">
                    {t('list.activity')}:{' '}
                    <time dateTime={incident.updated_at}>{formatDateTime(incident.updated_at)}</time>
                  </Text>
                </Flex>
              </Box>
            ))}
          </Box>
        </>
      )}
      <ListPager page={filters.page} pages={pages} searchFor={(page) => searchFor({ ...filters, page })} />
    </>
  );
}
