import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TicketPriority, TicketStatus } from '../api/staff-incident-queries.ts';

const STATUS_PALETTE: Record<TicketStatus, string> = {
  open: 'blue',
  in_progress: 'orange',
  resolved: 'green',
  closed: 'gray',
};
const PRIORITY_PALETTE: Record<TicketPriority, string> = {
  low: 'gray',
  standard: 'blue',
  high: 'orange',
  critical: 'red',
};

/** Status in Czech; the colour only repeats what the word says. */
export function StatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('staffIncidents');
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} variant="surface">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation('staffIncidents');
  return (
    <Badge colorPalette={PRIORITY_PALETTE[priority]} variant="outline">
      {t(`priority.${priority}`)}
    </Badge>
  );
}
