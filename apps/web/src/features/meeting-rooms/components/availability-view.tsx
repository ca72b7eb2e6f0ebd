import { Box, Button, Flex, Heading, HStack, Link, Text, VisuallyHidden } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Frame } from '#src/components/ui/frame.tsx';
import { formatDayLong, formatDayRange, formatDayShort, formatMinutesRange } from '#src/lib/format.ts';
import { pragueDay, shiftDay } from '#src/lib/prague-time.ts';
import { PlainList } from '#src/components/ui/plain-list.tsx';
import { availabilityQueryOptions, type MeetingRoom } from '../api/meeting-room-queries.ts';
import { viewDays, type RoomView, type ViewMode } from '../utils/room-view.ts';
import { daySlots, slotRuns, suggestedEnd, type Slot, type SlotState } from '../utils/slots.ts';

export interface SlotPick {
  day: string;
  start: number;
  end: number;
}

interface AvailabilityViewProps {
  room: MeetingRoom;
  view: Pick<RoomView, 'day' | 'mode'>;
  /** The URL (search) of another day or mode of this view. */
  linkToView: (next: { day: string; mode: ViewMode }) => string;
  /** A free slot was chosen: the booking form takes it over. */
  onPick: (pick: SlotPick) => void;
  /** The reservation being prepared, highlighted in the grid. */
  selection: SlotPick | null;
}

const STATE_STYLE: Record<SlotState, { bg: string; color: string; borderColor: string }> = {
  free: { bg: 'bg', color: 'fg', borderColor: 'brand.border' },
  busy: { bg: 'red.subtle', color: 'red.fg', borderColor: 'red.muted' },
  past: { bg: 'bg.muted', color: 'fg.muted', borderColor: 'border' },
};

/**
 * When a room is free: one day as its grid of slots, or a week as free and busy stretches per
 * day. Free times are buttons (a tap alternative to dragging, WCAG 2.5.7) that fill the booking
 * form; the state is always written out, never shown by colour alone. Shared by the tenant and
 * the public booking page.
 */
export function AvailabilityView({ room, view, linkToView, onPick, selection }: AvailabilityViewProps) {
  const { t } = useTranslation('meetingRooms');
  const days = viewDays(view);
  const first = days[0] ?? view.day;
  const last = days.at(-1) ?? view.day;
  const { data, isFetching } = useSuspenseQuery(availabilityQueryOptions(room.id, first, last));
  const now = new Date();
  const rules = { ...data, max_duration_minutes: room.max_duration_minutes };
  const step = view.mode === 'tyden' ? 7 : 1;
  const today = pragueDay(now);
  const labelId = useId();

  const pick = (day: string, start: number, slots: readonly Slot[]) =>
    onPick({ day, start, end: suggestedEnd(start, slots, rules) });

  return (
    <Box display="grid" gap="4" minW="0">
      <Flex as="nav" aria-label={t('availability.navigation')} gap="3" wrap="wrap" align="center">
        <HStack gap="1" wrap="wrap" role="group" aria-label={t('availability.view')}>
          {(['den', 'tyden'] as const).map((mode) => (
            <Button key={mode} asChild size="sm" variant={view.mode === mode ? 'solid' : 'outline'}>
              <RouterLink
                to={linkToView({ day: view.day, mode })}
                aria-current={view.mode === mode ? 'true' : undefined}
                preventScrollReset
              >
                {mode === 'den' ? t('availability.day') : t('availability.week')}
              </RouterLink>
            </Button>
          ))}
        </HStack>
        <HStack gap="1" wrap="wrap">
          <Button asChild size="sm" variant="outline">
            <RouterLink to={linkToView({ day: shiftDay(view.day, -step), mode: view.mode })} preventScrollReset>
              <span aria-hidden="true">←</span>
              {view.mode === 'tyden' ? t('availability.previousWeek') : t('availability.previousDay')}
            </RouterLink>
          </Button>
          <Button asChild size="sm" variant="ghost">
            <RouterLink to={linkToView({ day: today, mode: view.mode })} preventScrollReset>
              {t('availability.today')}
            </RouterLink>
          </Button>
          <Button asChild size="sm" variant="outline">
            <RouterLink to={linkToView({ day: shiftDay(view.day, step), mode: view.mode })} preventScrollReset>
              {view.mode === 'tyden' ? t('availability.nextWeek') : t('availability.nextDay')}
              <span aria-hidden="true">→</span>
            </RouterLink>
          </Button>
        </HStack>
      </Flex>
      <Text id={labelId} fontWeight="semibold" fontSize="lg" aria-live="polite">
        {view.mode === 'tyden' ? formatDayRange(days[0] ?? view.day, days.at(-1) ?? view.day) : formatDayLong(view.day)}
      </Text>
      <Text color="fg.muted">{t('availability.hint')}</Text>
      {isFetching ? <VisuallyHidden role="status">{t('availability.refreshing')}</VisuallyHidden> : null}
      {view.mode === 'den' ? (
        <DaySlots
          slots={daySlots(view.day, rules, data.busy, now)}
          labelledBy={labelId}
          selection={selection}
          onPick={(slot, slots) => pick(slot.day, slot.start, slots)}
        />
      ) : (
        <PlainList
          gridTemplateColumns={{ base: '1fr', sm: 'repeat(auto-fill, minmax(13rem, 1fr))' }}
          gap="3"
          aria-labelledby={labelId}
        >
          {days.map((day) => {
            const slots = daySlots(day, rules, data.busy, now);
            return (
              <Frame as="li" key={day} p="3" display="grid" gap="2" alignContent="start">
                <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
                  <Heading as="h4" size="sm">
                    {formatDayShort(day)}
                  </Heading>
                  <Link asChild variant="underline" textStyle="sm">
                    <RouterLink to={linkToView({ day, mode: 'den' })} preventScrollReset>
                      {t('availability.showDay')}{' '}
                      <VisuallyHidden>{t('availability.showDayOf', { day: formatDayLong(day) })}</VisuallyHidden>
                    </RouterLink>
                  </Link>
                </Flex>
                <PlainList gap="1">
                  {slotRuns(slots).map((run) => (
                    <Box as="li" key={`${run.start}-${run.state}`}>
                      <SlotEntry
                        range={formatMinutesRange(run.start, run.end)}
                        state={run.state}
                        selected={isSelected(selection, day, run.start, run.end)}
                        onPick={() => pick(day, run.start, slots)}
                        dense
                      />
                    </Box>
                  ))}
                </PlainList>
              </Frame>
            );
          })}
        </PlainList>
      )}
    </Box>
  );
}

function DaySlots({
  slots,
  labelledBy,
  selection,
  onPick,
}: {
  slots: Slot[];
  labelledBy: string;
  selection: SlotPick | null;
  onPick: (slot: Slot, slots: Slot[]) => void;
}) {
  const { t } = useTranslation('meetingRooms');
  const anyFree = slots.some((slot) => slot.state === 'free');
  return (
    <>
      {anyFree ? null : <Text role="status">{t('availability.noFree')}</Text>}
      <PlainList
        gridTemplateColumns={{
          base: 'repeat(auto-fill, minmax(9rem, 1fr))',
          md: 'repeat(auto-fill, minmax(10rem, 1fr))',
        }}
        gap="2"
        aria-labelledby={labelledBy}
      >
        {slots.map((slot) => (
          <Box as="li" key={slot.start}>
            <SlotEntry
              range={formatMinutesRange(slot.start, slot.end)}
              state={slot.state}
              selected={isSelected(selection, slot.day, slot.start, slot.end)}
              onPick={() => onPick(slot, slots)}
            />
          </Box>
        ))}
      </PlainList>
    </>
  );
}

function isSelected(selection: SlotPick | null, day: string, start: number, end: number): boolean {
  return selection !== null && selection.day === day && start < selection.end && end > selection.start;
}

/** One slot or stretch: a button when free, plain text otherwise; the state is always in words. */
function SlotEntry({
  range,
  state,
  selected,
  onPick,
  dense = false,
}: {
  range: string;
  state: SlotState;
  selected: boolean;
  onPick: () => void;
  dense?: boolean;
}) {
  const { t } = useTranslation('meetingRooms');
  const label = t(`availability.${state}`);
  const style = STATE_STYLE[state];
  const content = (
    <>
      <Box as="span" fontVariantNumeric="tabular-nums" fontWeight="semibold">
        {range}
      </Box>{' '}
      {/* The space is dropped by the flex layout but keeps „10:00–10:30 Volno" apart for screen readers. */}
      <Box as="span">{label}</Box>
    </>
  );
  const layout = {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '2',
    w: 'full',
    minH: dense ? '8' : '10',
    px: '3',
    borderWidth: '1px',
    borderRadius: 'l2',
    textStyle: 'sm',
  } as const;
  if (state !== 'free') {
    return (
      <Box {...layout} {...style}>
        {content}
      </Box>
    );
  }
  return (
    <Button
      type="button"
      variant={selected ? 'solid' : 'outline'}
      aria-pressed={selected}
      onClick={onPick}
      {...layout}
      h="auto"
      fontWeight="normal"
    >
      <VisuallyHidden>{t('availability.pick')}</VisuallyHidden> {content}
    </Button>
  );
}
