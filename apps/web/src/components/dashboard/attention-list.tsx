import { Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Frame } from '#src/components/ui/frame.tsx';

/** One thing on the home page that wants the user's attention, linking to where it is handled. */
export interface AttentionItem {
  id: string;
  /** The link's text: what it is, in a few words („Nezaplacená vyúčtování: 2“). */
  title: string;
  /** The figures that matter (amount, date, place). */
  detail: ReactNode;
  to: string;
  /** Something late or under way now: a red frame, and `urgentLabel` says why in words. */
  urgent?: boolean;
  urgentLabel?: string;
}

/**
 * The home page's „what needs you now“: a list of framed links, urgent ones first. Urgency is
 * said in words before the title (screen readers and colour-blind users get it too); the
 * frame's colour only repeats it.
 */
export function AttentionList({ items, labelledBy }: { items: readonly AttentionItem[]; labelledBy: string }) {
  const ordered = [...items].sort((a, b) => Number(Boolean(b.urgent)) - Number(Boolean(a.urgent)));
  return (
    <Stack as="ul" listStyleType="none" gap="3" aria-labelledby={labelledBy}>
      {ordered.map((item) => (
        <Frame
          as="li"
          key={item.id}
          highlight={item.urgent ? 'border.error' : undefined}
          data-testid={`attention-${item.id}`}
        >
          <Stack gap="1">
            {item.urgent && item.urgentLabel ? (
              <Text textStyle="sm" fontWeight="bold" color="fg.error">
                {item.urgentLabel}
              </Text>
            ) : null}
            <Link asChild color="brand.fg" fontWeight="semibold" fontSize="lg">
              <RouterLink to={item.to}>{item.title}</RouterLink>
            </Link>
            <Text>{item.detail}</Text>
          </Stack>
        </Frame>
      ))}
    </Stack>
  );
}
