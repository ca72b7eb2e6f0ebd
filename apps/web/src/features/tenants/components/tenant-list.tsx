import { Box, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import type { Tenant } from '@portal/sdk/client';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface TenantListProps {
  tenants: readonly Tenant[];
  selectedId: string | null;
  /** Id of the tenant being selected right now, if any. */
  pendingId: string | null;
  onSelect: (tenant: Tenant) => void;
}

/**
 * One button per tenant, named by the tenant's name only; the current one is described as
 * such (aria-describedby) so its accessible name stays the plain name.
 */
export function TenantList({ tenants, selectedId, pendingId, onSelect }: TenantListProps) {
  const { t } = useTranslation('tenants');
  const currentId = useId();

  if (tenants.length === 0) return <Text>{t('select.empty')}</Text>;

  return (
    <Stack as="ul" listStyleType="none" gap="3" maxW="md" aria-label={t('select.listLabel')}>
      {tenants.map((tenant) => {
        const isCurrent = tenant.id === selectedId;
        return (
          <Box as="li" key={tenant.id}>
            <Button
              width="full"
              justifyContent="flex-start"
              size="lg"
              variant={isCurrent ? 'solid' : 'outline'}
              loading={pendingId === tenant.id}
              disabled={pendingId !== null}
              aria-describedby={isCurrent ? currentId : undefined}
              onClick={() => onSelect(tenant)}
            >
              {tenant.name}
            </Button>
            {isCurrent ? (
              <Text id={currentId} textStyle="sm" color="fg.muted" mt="1">
                {t('select.current')}
              </Text>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
