import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Frame } from '#src/components/ui/frame.tsx';
import { NBSP } from '#src/lib/format.ts';
import type { StatementDetail } from '../api/billing-queries.ts';

type Party = StatementDetail['customer'];

/** A party as its block on a Czech document reads: the name, the address, IČO and DIČ. */
function PartyBlock({ heading, party, note }: { heading: string; party: Party; note?: string | null }) {
  const { t } = useTranslation('billing');
  const headingId = useId();
  const place = [party.postal_code, party.city].filter(Boolean).join(NBSP);
  return (
    <Frame as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="sm" color="fg.muted" mb="2">
        {heading}
      </Heading>
      <Stack gap="0.5">
        <Text fontWeight="semibold" textStyle="lg">
          {party.name}
        </Text>
        {party.street ? <Text>{party.street}</Text> : null}
        {place ? <Text>{place}</Text> : null}
        {party.ico ? <Text>{t('parties.ico', { ico: party.ico })}</Text> : null}
        {party.dic ? <Text>{t('parties.dic', { dic: party.dic })}</Text> : null}
        {note ? (
          <Text textStyle="sm" color="fg.muted" mt="2">
            {note}
          </Text>
        ) : null}
      </Stack>
    </Frame>
  );
}

/** Who issued the statement and to whom, as the statement keeps them from the day it was issued. */
export function StatementParties({ statement }: { statement: StatementDetail }) {
  const { t } = useTranslation('billing');
  const { supplier, customer } = statement;
  const supplierNote = supplier
    ? [supplier.registration, supplier.vat_payer ? null : t('parties.notVatPayer')].filter(Boolean).join(' ')
    : null;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" data-testid="statement-parties">
      {supplier ? <PartyBlock heading={t('parties.supplier')} party={supplier} note={supplierNote} /> : null}
      <PartyBlock heading={t('parties.customer')} party={customer} />
    </SimpleGrid>
  );
}
