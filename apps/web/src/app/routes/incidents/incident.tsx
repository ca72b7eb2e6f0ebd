import { Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useRevalidator } from 'react-router';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { href } from '#src/config/paths.ts';
import { incidentOwnerQueryOptions, incidentQueryOptions } from '#src/features/incidents/api/incident-queries.ts';
import { IncidentDetailView } from '#src/features/incidents/components/incident-detail.tsx';
import { useSelectTenant } from '#src/features/tenants/api/select-tenant.ts';
import { selectedTenantId, useSession } from '#src/lib/session.ts';
import { DetailPage, detailLoader } from '#src/app/routes/detail-route.tsx';
import '#src/features/incidents/i18n.ts';

export const clientLoader = detailLoader((queryClient, id) => queryClient.ensureQueryData(incidentQueryOptions(id)));

/** `/hlaseni-incidentu/{id}`: one incident. */
export default function IncidentRoute() {
  const { t } = useTranslation('incidents');
  const { id = '' } = useParams();
  return (
    <DetailPage
      title={t('detail.title', { id })}
      notFoundMessage={t('detail.notFound', { id })}
      backTo={href('incidents')}
      backLabel={t('detail.back')}
      notFoundElsewhere={(notFound, back) => <OtherTenantsIncident id={Number(id)} notFound={notFound} back={back} />}
    >
      <IncidentDetailView id={Number(id)} />
    </DetailPage>
  );
}

/**
 * A 404 for the selected tenant: a link of another of the user's tenants (the e-mail of a
 * tenant not selected now) is looked up as each of the user's other tenants; when one owns it,
 * the page offers to switch to that tenant and then shows the incident. Otherwise the 404.
 */
function OtherTenantsIncident({ id, notFound, back }: { id: number; notFound: ReactNode; back: ReactNode }) {
  const { t } = useTranslation('incidents');
  const session = useSession();
  const selected = session ? selectedTenantId(session) : null;
  const others = (session?.tenants ?? []).map((tenant) => tenant.id).filter((tenantId) => tenantId !== selected);
  const owner = useQuery({ ...incidentOwnerQueryOptions(id, others), enabled: others.length > 0 });
  const revalidator = useRevalidator();
  const select = useSelectTenant({ onSuccess: () => revalidator.revalidate() });

  if (others.length === 0 || owner.isError || (owner.isSuccess && owner.data === null)) return notFound;
  const tenant = session?.tenants.find((candidate) => candidate.id === owner.data);
  if (owner.isPending || !tenant) {
    return (
      <Stack direction="row" gap="3" align="center" role="status">
        <Spinner size="sm" />
        <Text>{t('detail.lookingElsewhere')}</Text>
      </Stack>
    );
  }
  // A name ending in an abbreviation („a.s.“) ends the sentence with its own full stop.
  const message = t('detail.otherTenant', { tenant: tenant.name }).replace(/\.\.$/, '.');
  return (
    <Stack gap="4">
      <PageTitle title={message} />
      {back}
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {t('detail.title', { id })}
      </Heading>
      <Text fontSize="lg">{message}</Text>
      <Button alignSelf="flex-start" loading={select.isPending} onClick={() => select.mutate(tenant.id)}>
        {t('detail.switchTenant', { tenant: tenant.name })}
      </Button>
    </Stack>
  );
}
