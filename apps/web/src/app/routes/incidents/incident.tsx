import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { href } from '#src/config/paths.ts';
import { incidentQueryOptions } from '#src/features/incidents/api/incident-queries.ts';
import { IncidentDetailView } from '#src/features/incidents/components/incident-detail.tsx';
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
    >
      <IncidentDetailView id={Number(id)} />
    </DetailPage>
  );
}
