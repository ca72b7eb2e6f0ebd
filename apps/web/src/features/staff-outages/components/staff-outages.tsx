import { Box, Button, Flex, Heading, Separator, Stack } from '@chakra-ui/react';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SelectInput } from '#src/components/forms/inputs.tsx';
import { StaleReloadNotice, useStaleReload } from '#src/components/ui/stale-notice.tsx';
import { formText } from '#src/utils/form-data.ts';
import { staffBuildingsQueryOptions, staffOutagesQueryOptions, type StaffOutage } from '../api/staff-outage-queries.ts';
import { filtersFromSearch, searchFor, STATES, type OutageState } from '../utils/outage-search.ts';
import { CancelOutageDialog } from './cancel-outage-dialog.tsx';
import { OutageForm } from './outage-form.tsx';
import { OutagesList } from './outages-list.tsx';

/**
 * The staff's outages: the filter (which ones, which building) in the address, the page of
 * outages, and the form that announces a new one or edits the one picked from the list.
 */
export function StaffOutages() {
  const { t } = useTranslation('staffOutages');
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const list = staffOutagesQueryOptions(filters);
  const { data } = useSuspenseQuery(list);
  const buildings = useQuery(staffBuildingsQueryOptions()).data ?? [];
  const [editing, setEditing] = useState<StaffOutage | null>(null);
  const [cancelling, setCancelling] = useState<StaffOutage | null>(null);
  // Bumped to start the form afresh (a new edit, a reload).
  const [generation, setGeneration] = useState(0);
  const staleReload = useStaleReload({
    refetch: async () => {
      await queryClient.refetchQueries({ queryKey: list.queryKey, exact: true });
      const fresh = queryClient.getQueryData(list.queryKey)?.items.find((outage) => outage.id === editing?.id);
      edit(fresh && fresh.cancelled_at === null ? fresh : null);
    },
    reloaded: t('stale.reloaded'),
  });

  const edit = (outage: StaffOutage | null) => {
    staleReload.setStale(null);
    setEditing(outage);
    setGeneration((value) => value + 1);
  };

  const buildingOptions = buildings.map((building) => ({ value: String(building.id), label: building.name }));
  const resetKey = searchParams.toString();
  return (
    <Stack gap="8">
      <Box as="section" aria-labelledby="staff-outages-filter">
        <Heading as="h2" id="staff-outages-filter" size="md" mb="3">
          {t('filters.title')}
        </Heading>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const building = Number(formText(form, 'budova'));
            const state = formText(form, 'stav');
            setSearchParams(
              new URLSearchParams(
                searchFor({
                  state: (STATES as readonly string[]).includes(state) ? (state as OutageState) : 'upcoming',
                  building: Number.isInteger(building) && building > 0 ? building : null,
                  page: 1,
                }),
              ),
            );
          }}
        >
          <Flex gap="4" wrap="wrap" align="flex-end">
            <Box minW="56">
              <label htmlFor="staff-outages-state">{t('filters.state')}</label>
              <SelectInput
                key={`state-${resetKey}`}
                id="staff-outages-state"
                name="stav"
                defaultValue={filters.state}
                options={STATES.map((state) => ({ value: state, label: t(`filters.states.${state}`) }))}
              />
            </Box>
            <Box minW="56">
              <label htmlFor="staff-outages-building">{t('filters.building')}</label>
              <SelectInput
                key={`building-${resetKey}-${buildings.length}`}
                id="staff-outages-building"
                name="budova"
                defaultValue={filters.building ?? ''}
                placeholder={t('filters.allBuildings')}
                options={buildingOptions}
              />
            </Box>
            <Button type="submit">{t('filters.apply')}</Button>
          </Flex>
        </form>
      </Box>
      <OutagesList filters={filters} items={data.items} total={data.total} onEdit={edit} onCancel={setCancelling} />
      <Separator />
      <StaleReloadNotice state={staleReload} title={t('stale.title')} reloadLabel={t('stale.reload')} />
      <OutageForm key={generation} editing={editing} onDone={() => edit(null)} onStale={staleReload.setStale} />
      <CancelOutageDialog outage={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}
