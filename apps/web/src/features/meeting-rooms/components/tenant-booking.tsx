import { Box, Input, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { toast } from '@portal/ui/toast';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { formatDayInput } from '#src/lib/prague-time.ts';
import { useCreateReservation } from '../api/meeting-room-mutations.ts';
import type { MeetingRoom, Reservation } from '../api/meeting-room-queries.ts';
import { bookingInstants } from '../utils/booking-rules.ts';
import type { RoomView, ViewMode } from '../utils/room-view.ts';
import type { SlotPick } from './availability-view.tsx';
import { BookingSections, useBookingForm } from './booking-form.tsx';
import { bookingSchema } from './booking-time-fields.tsx';
import { ReservationSummary } from './reservation-summary.tsx';

const FIELD_IDS = {
  date: 'booking-date',
  start: 'booking-start',
  end: 'booking-end',
  title: 'booking-title',
  attendees: 'booking-attendees',
  note: 'booking-note',
} as const;

/** API field names → form fields (server messages land at the field the user can fix). */
const SERVER_FIELDS = {
  starts_at: 'start',
  ends_at: 'end',
  title: 'title',
  attendees: 'attendees',
  note: 'note',
} as const;

export const TITLE_MAX = 200;
export const NOTE_MAX = 1000;
const ATTENDEES_PATTERN = /^[1-9]\d{0,3}$/;

function createSchema(t: TFunction<'meetingRooms'>, room: MeetingRoom) {
  return bookingSchema(t, room, {
    title: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('form.errors.titleRequired') }),
        z.maxLength(TITLE_MAX, { error: t('form.errors.titleTooLong') }),
      ),
    attendees: z.string().check(
      z.trim(),
      z.refine((value) => value === '' || ATTENDEES_PATTERN.test(value), {
        error: t('form.errors.attendeesInvalid'),
      }),
      z.refine((value) => !ATTENDEES_PATTERN.test(value) || Number(value) <= room.capacity, {
        error: t('form.errors.attendeesTooMany', { capacity: room.capacity }),
      }),
    ),
    note: z.string().check(z.maxLength(NOTE_MAX, { error: t('form.errors.noteTooLong') })),
  });
}

/**
 * A room's availability and the tenant's booking form, side by side in one state: choosing a
 * free slot fills the form. A slot taken meanwhile (409) is explained at the form, what was
 * typed stays, and the availability is fetched again.
 */
export function TenantBooking({
  room,
  view,
  linkToView,
}: {
  room: MeetingRoom;
  view: Pick<RoomView, 'day' | 'mode'>;
  linkToView: (next: { day: string; mode: ViewMode }) => string;
}) {
  const { t } = useTranslation(['meetingRooms', 'common']);
  const create = useCreateReservation();
  const [created, setCreated] = useState<Reservation | null>(null);
  const schema = useMemo(() => createSchema(t, room), [t, room]);
  const booking = useBookingForm({
    schema,
    defaultValues: { date: formatDayInput(view.day), start: '', end: '', title: '', attendees: '', note: '' },
    ids: FIELD_IDS,
    serverFields: SERVER_FIELDS,
  });
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors, isSubmitting },
  } = booking.form;

  const onPick = (pick: SlotPick) => {
    setCreated(null);
    booking.pick(pick);
  };

  const onSubmit = handleSubmit(async (values) => {
    booking.feedback.setServerError(null);
    setCreated(null);
    try {
      const reservation = await create.mutateAsync({
        room: room.id,
        title: values.title,
        ...bookingInstants(values),
        attendees: values.attendees === '' ? null : Number(values.attendees),
        note: values.note.trim() === '' ? null : values.note.trim(),
      });
      setCreated(reservation);
      toast.add({ severity: 'success', summary: t('form.created') });
      // The slot is taken now; the day stays for the next booking.
      for (const name of ['start', 'end', 'title', 'attendees', 'note'] as const) resetField(name);
    } catch (error) {
      booking.fail(error);
    }
  }, booking.feedback.summary.focus);

  const errorPrefix = t('common:form.errorPrefix');
  return (
    <BookingSections
      room={room}
      view={view}
      linkToView={linkToView}
      booking={{ ...booking, pick: onPick }}
      fieldIds={FIELD_IDS}
      onSubmit={(event) => void onSubmit(event)}
      status={
        created ? (
          <Box
            role="status"
            borderWidth="1px"
            borderColor="green.muted"
            bg="green.subtle"
            borderRadius="l2"
            p="4"
            mb="5"
          >
            <Text fontWeight="semibold" mb="2">
              {t('form.created')}
            </Text>
            <ReservationSummary reservation={created} />
          </Box>
        ) : null
      }
    >
      <Field
        id={FIELD_IDS.title}
        label={t('form.meetingTitle')}
        helperText={t('form.meetingTitleHint')}
        errorText={errors.title?.message}
        errorPrefix={errorPrefix}
      >
        <Input {...register('title')} autoComplete="off" />
      </Field>
      <Field
        id={FIELD_IDS.attendees}
        label={t('form.attendees')}
        optionalText={t('common:form.optional')}
        helperText={t('form.attendeesHint', { capacity: t('rooms.people', { count: room.capacity }) })}
        errorText={errors.attendees?.message}
        errorPrefix={errorPrefix}
      >
        <Input {...register('attendees')} inputMode="numeric" autoComplete="off" maxW="32" />
      </Field>
      <Field
        id={FIELD_IDS.note}
        label={t('form.note')}
        optionalText={t('common:form.optional')}
        errorText={errors.note?.message}
        errorPrefix={errorPrefix}
      >
        <Textarea {...register('note')} rows={3} />
      </Field>
      <Button type="submit" alignSelf="flex-start" loading={isSubmitting}>
        {t('form.submit')}
      </Button>
    </BookingSections>
  );
}
