import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { StatementState } from '../utils/statement-status.ts';

const PALETTE: Record<StatementState, string> = { paid: 'green', unpaid: 'orange', overdue: 'red' };

/** Paid, to pay or overdue, in words; the colour only repeats them. */
export function StatementBadge({ state }: { state: StatementState }) {
  const { t } = useTranslation('billing');
  return (
    <Badge colorPalette={PALETTE[state]} variant={state === 'overdue' ? 'solid' : 'surface'}>
      {t(`state.${state}`)}
    </Badge>
  );
}
