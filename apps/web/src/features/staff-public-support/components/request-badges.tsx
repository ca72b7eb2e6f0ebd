import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '../api/staff-public-support-queries.ts';

const STATUS_PALETTE: Record<RequestStatus, string> = {
  open: 'blue',
  in_progress: 'orange',
  resolved: 'green',
  closed: 'gray',
};

/** Status in Czech; the colour only repeats what the word says. */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation('staffPublicSupport');
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} variant="surface">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** The visitor wrote last and nobody has answered yet. */
export function AwaitingBadge() {
  const { t } = useTranslation('staffPublicSupport');
  return (
    <Badge colorPalette="red" variant="outline">
      {t('list.awaiting')}
    </Badge>
  );
}
