import { uploadMultipart } from '@portal/sdk/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api.ts';
import { staffStatementsKeyPrefix, type ImportedStatement, type StatementImport } from './staff-billing-queries.ts';

interface ImportVariables {
  statement: StatementImport;
  pdf: File | null;
  onProgress?: (fraction: number) => void;
}

/**
 * POST /api/v1/staff/billing_statements/ as multipart through the SDK's one upload helper: the
 * statement as the JSON part, the PDF as a file, with upload progress. The caller shows every
 * failure itself (409 `statement_exists` among them).
 */
export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ statement, pdf, onProgress }: ImportVariables): Promise<ImportedStatement> => {
      const created = await uploadMultipart(apiClient, '/api/v1/staff/billing_statements/', {
        parts: pdf ? { statement, pdf } : { statement },
        onProgress,
      });
      if (!created) throw new Error('POST /api/v1/staff/billing_statements/ answered without the statement');
      return created;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffStatementsKeyPrefix() }),
  });
}
