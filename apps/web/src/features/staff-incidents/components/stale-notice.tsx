import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '#src/lib/errors.ts';

/** A change refused because the ticket changed in between (412 `stale_version`). */
export function isStale(error: unknown): boolean {
  return isApiError(error) && error.status === 412;
}

/**
 * Says that a colleague changed the ticket meanwhile, in the server's Czech words, and offers
 * to load it again. It takes the focus when it appears, so the refusal is not missed.
 */
export function StaleNotice({
  message,
  reloading,
  onReload,
}: {
  message: string;
  reloading: boolean;
  onReload: () => void;
}) {
  const { t } = useTranslation('staffIncidents');
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    ref.current?.focus();
  }, [message]);
  return (
    <Box
      ref={ref}
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
      borderWidth="4px"
      borderColor="border.error"
      borderRadius="l2"
      p="4"
      _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      <Heading as="h2" id={titleId} size="md" mb="1">
        {t('stale.title')}
      </Heading>
      <Text mb="3">{message}</Text>
      <Button onClick={onReload} loading={reloading}>
        {t('stale.reload')}
      </Button>
    </Box>
  );
}
