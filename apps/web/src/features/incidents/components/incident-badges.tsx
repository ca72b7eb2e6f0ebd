import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { IncidentPriority, IncidentStatus } from '../api/incident-queries.ts';

const STATUS_PALETTE: Record<IncidentStatus, string> = {
  open: 'blue',
  in_progress: 'orange',
  resolved: 'green',
  closed: 'gray',
};
const PRIORITY_PALETTE: Record<IncidentPriority, string> = {
  low: 'gray',
  standard: 'blue',
  high: 'orange',
  critical: 'red',
};

/** Status in Czech (docs/product.md §3); the colour only repeats what the word says. */
export function StatusBadge({ status }: { status: IncidentStatus }) {
  const { t } = useTranslation('incidents');
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} variant="surface">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: IncidentPriority }) {
  const { t } = useTranslation('incidents');
  return (
    <Badge colorPalette={PRIORITY_PALETTE[priority]} variant="outline">
      {t(`priority.${priority}`)}
    </Badge>
  );
}
