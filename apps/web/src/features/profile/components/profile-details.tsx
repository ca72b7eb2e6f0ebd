import { DataList } from '@chakra-ui/react';
import type { Profile } from '@portal/sdk/client';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '#src/lib/format.ts';

/** The signed-in user's contact details as a description list. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['profile', 'common']);
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  const rows = [
    { key: 'name', label: t('name'), value: fullName || profile.display_name },
    { key: 'email', label: t('email'), value: profile.email },
    {
      key: 'phone',
      label: t('phone'),
      value: profile.phone ? formatPhone(profile.phone) : t('common:notProvided'),
    },
  ];

  return (
    <DataList.Root orientation="horizontal" aria-label={t('detailsLabel')}>
      {rows.map((row) => (
        <DataList.Item key={row.key}>
          <DataList.ItemLabel minW={{ base: '28', sm: '40' }}>{row.label}</DataList.ItemLabel>
          <DataList.ItemValue overflowWrap="anywhere">{row.value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
