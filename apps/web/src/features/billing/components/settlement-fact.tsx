import { useTranslation } from 'react-i18next';
import { Fact } from '#src/components/ui/fact.tsx';
import { formatDay } from '#src/lib/format.ts';
import type { Statement } from '../api/billing-queries.ts';
import { formatMoney } from '../utils/billing-format.ts';

/** Where a statement stands: the day it was paid (or just „paid"), else the amount still due. */
export function SettlementFact({ statement }: { statement: Pick<Statement, 'paid' | 'paid_on' | 'amount_due'> }) {
  const { t } = useTranslation('billing');
  if (!statement.paid) return <Fact label={t('fields.amountDue')}>{formatMoney(statement.amount_due)}</Fact>;
  return <Fact label={t('fields.paidOn')}>{statement.paid_on ? formatDay(statement.paid_on) : t('state.paid')}</Fact>;
}
