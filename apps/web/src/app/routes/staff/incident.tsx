import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { href } from '#src/config/paths.ts';
import { staffTicketQueryOptions } from '#src/features/staff-incidents/api/staff-incident-queries.ts';
import { StaffTicketDetail } from '#src/features/staff-incidents/components/staff-ticket-detail.tsx';
import { DetailPage, detailLoader } from '#src/app/routes/detail-route.tsx';
import '#src/features/staff-incidents/i18n.ts';

export const clientLoader = detailLoader((queryClient, id) => queryClient.ensureQueryData(staffTicketQueryOptions(id)));

/** `/sprava/incidenty/{id}`: one ticket for the staff („Incident č. {id}"). */
export default function StaffIncidentRoute() {
  const { t } = useTranslation('staffIncidents');
  const { id = '' } = useParams();
  return (
    <DetailPage
      title={t('detail.title', { id })}
      notFoundMessage={t('detail.notFound', { id })}
      backTo={href('staffIncidents')}
      backLabel={t('detail.back')}
    >
      <StaffTicketDetail id={Number(id)} />
    </DetailPage>
  );
}
