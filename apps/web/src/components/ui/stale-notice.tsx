import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { toast } from '@portal/ui/toast';
import { useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '#src/lib/errors.ts';

/** A change refused because the record changed in between (412 `stale_version`). */
export function isStale(error: unknown): boolean {
  return isApiError(error) && error.status === 412;
}

/**
 * Says that a colleague changed the record meanwhile, in the server's Czech words, and offers
 * to load it again. It takes the focus when it appears, so the refusal is not missed. The staff
 * pages that save with If-Match share it.
 */
export function StaleNotice({
  title,
  message,
  reloadLabel,
  reloading,
  onReload,
}: {
  title: string;
  message: string;
  reloadLabel: string;
  reloading: boolean;
  onReload: () => void;
}) {
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
        {title}
      </Heading>
      <Text mb="3">{message}</Text>
      <Button onClick={onReload} loading={reloading}>
        {reloadLabel}
      </Button>
    </Box>
  );
}

/**
 * A staff page whose changes a colleague's may outdate: `stale` holds the server's message of the
 * refused change (`setStale` is what the page's forms call with it), and `reload` reads the
 * record again with `refetch` (which also starts the page's forms afresh), clears the message
 * and says so in a toast (`reloaded`).
 */
export function useStaleReload({ refetch, reloaded }: { refetch: () => Promise<void>; reloaded: string }) {
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await refetch();
      setStale(null);
      toast.add({ severity: 'info', summary: reloaded });
    } finally {
      setReloading(false);
    }
  };
  return { stale, setStale, reloading, reload };
}

/** The {@link StaleNotice} of a {@link useStaleReload} page, shown while a change is refused. */
export function StaleReloadNotice({
  state,
  title,
  reloadLabel,
}: {
  state: ReturnType<typeof useStaleReload>;
  title: string;
  reloadLabel: string;
}) {
  if (state.stale === null) return null;
  return (
    <StaleNotice
      title={title}
      message={state.stale}
      reloadLabel={reloadLabel}
      reloading={state.reloading}
      onReload={() => void state.reload()}
    />
  );
}
