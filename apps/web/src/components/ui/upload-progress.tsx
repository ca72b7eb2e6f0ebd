import { Box, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '#src/lib/format.ts';

/**
 * Upload progress as a native progress bar (announced by screen readers with its name), for
 * every form that uploads files. `value` is the fraction sent, 0 to 1.
 */
export function UploadProgress({ value }: { value: number }) {
  const { t } = useTranslation('common');
  const labelId = useId();
  return (
    <Box>
      <Text id={labelId} textStyle="sm" mb="1">
        {t('form.uploadProgress')}: {formatPercent(value, 0)}
      </Text>
      <progress
        aria-labelledby={labelId}
        max={100}
        value={Math.round(value * 100)}
        style={{ width: '100%', height: '0.75rem' }}
      />
    </Box>
  );
}
