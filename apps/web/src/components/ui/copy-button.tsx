import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '#src/lib/clipboard.ts';

/**
 * A small „Kopírovat“ beside a value people retype elsewhere (an account number in the bank's
 * app). Its accessible name says what it copies, since several stand side by side.
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant="outline"
      aria-label={t('copy.label', { what })}
      onClick={() => void copyToClipboard(value, { done: t('copy.done', { what }), failed: t('copy.failed') })}
    >
      {t('copy.button')}
    </Button>
  );
}
