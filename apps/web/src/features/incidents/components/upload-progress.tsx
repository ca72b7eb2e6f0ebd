import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '#src/lib/format.ts';

/** Upload progress as a native progress bar (announced by screen readers with its name). */
export function UploadProgress({ value }: { value: number }) {
  const { t } = useTranslation('incidents');
  const percent = Math.round(value * 100);
  return (
    <Box>
      <Text id="incident-upload-progress-label" textStyle="sm" mb="1">
        {t('upload.progress')}: {formatPercent(value, 0)}
      </Text>
      <progress
        aria-labelledby="incident-upload-progress-label"
        max={100}
        value={percent}
        style={{ width: '100%', height: '0.75rem' }}
      />
    </Box>
  );
}
