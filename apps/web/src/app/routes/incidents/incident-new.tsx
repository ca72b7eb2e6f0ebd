import { Stack, Text } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { incidentBuildingsQueryOptions } from '#src/features/incidents/api/incident-queries.ts';
import { IncidentForm, IncidentFormHeading } from '#src/features/incidents/components/incident-form.tsx';
import { draftKey } from '#src/features/incidents/utils/incident-draft.ts';
import { selectedTenantId, useSession } from '#src/lib/session.ts';
import '#src/features/incidents/i18n.ts';

export const clientLoader = (queryClient: QueryClient) => async () => {
  await queryClient.ensureQueryData(incidentBuildingsQueryOptions());
  return null;
};

/** `/hlaseni-incidentu/novy`: report an incident. */
export default function IncidentNewRoute() {
  const { t } = useTranslation('incidents');
  const session = useSession();
  const { data: buildings } = useSuspenseQuery(incidentBuildingsQueryOptions());
  if (!session) return null;
  const key = draftKey(session.user.id, selectedTenantId(session));
  return (
    <Stack gap="6">
      <PageTitle title={t('form.title')} />
      <IncidentFormHeading />
      <Text color="fg.muted">{t('form.intro')}</Text>
      {/* Keyed by the draft owner: another user or tenant starts from their own draft. */}
      <IncidentForm key={key} buildings={buildings} draftKey={key} />
    </Stack>
  );
}
