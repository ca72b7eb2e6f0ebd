import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { href } from '#src/config/paths.ts';
import { staffRequestQueryOptions } from '#src/features/staff-public-support/api/staff-public-support-queries.ts';
import { StaffRequestDetail } from '#src/features/staff-public-support/components/request-detail.tsx';
import { DetailPage, detailLoader } from '#src/app/routes/detail-route.tsx';
import '#src/features/staff-public-support/i18n.ts';

export const clientLoader = detailLoader((queryClient, id) =>
  queryClient.ensureQueryData(staffRequestQueryOptions(id)),
);

/** `/sprava/verejna-podpora/{id}`: one public request for the staff („Požadavek č. {id}"). */
export default function StaffPublicRequestRoute() {
  const { t } = useTranslation('staffPublicSupport');
  const { id = '' } = useParams();
  return (
    <DetailPage
      title={t('detail.title', { id })}
      notFoundMessage={t('detail.notFound', { id })}
      backTo={href('staffPublicSupport')}
      backLabel={t('detail.back')}
    >
      <StaffRequestDetail id={Number(id)} />
    </DetailPage>
  );
}
