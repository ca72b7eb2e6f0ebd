import { Separator, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { staffTenantsQueryOptions, type ImportedStatement } from '../api/staff-billing-queries.ts';
import { ImportedStatementSummary } from './imported-statement.tsx';
import { StatementImportForm } from './statement-import-form.tsx';
import { StatementsTable } from './statements-table.tsx';

/** The import form (or what it just imported), then the statements imported so far. */
export function StaffBilling() {
  const [imported, setImported] = useState<{ statement: ImportedStatement; tenant: string } | null>(null);
  const tenants = useQuery(staffTenantsQueryOptions()).data ?? [];
  const tenantName = (id: string) => tenants.find((tenant) => tenant.id === id)?.name ?? id;
  return (
    <Stack gap="10">
      {imported ? (
        <ImportedStatementSummary
          statement={imported.statement}
          tenantName={tenantName(imported.tenant)}
          onAnother={() => setImported(null)}
        />
      ) : (
        <StatementImportForm onImported={(statement, tenant) => setImported({ statement, tenant })} />
      )}
      <Separator />
      <StatementsTable />
    </Stack>
  );
}
