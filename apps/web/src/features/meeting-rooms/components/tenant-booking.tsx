import { Input, Text } from '@chakra-ui/react';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { toast } from '@portal/ui/toast';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { Frame } from '#src/components/ui/frame.tsx';
import { useCreateReservation } from '../api/meeting-room-mutations.ts';
import type { MeetingRoom, Reservation } from '../api/meeting-room-queries.ts';
import { bookingInstants } from '../utils/booking-rules.ts';
import type { SlotPick } from './availability-view.tsx';
import { BookingSections, useBookingForm, type BookingPageProps } from './booking-form.tsx';
import { bookingSchema, filledText, TITLE_MAX } from './booking-time-fields.tsx';
import { ReservationSummary } from './reservation-summary.tsx';

const FIELD_IDS = {
  date: 'booking-date',
  start: 'booking-start',
  end: 'booking-end',
  title: 'booking-title',
  attendees: 'booking-attendees',
  note: 'booking-note',
} as const;

const ATTENDEES_PATTERN = /^[1-9]\d{0,3}$/;

function createSchema(t: TFunction<'meetingRooms'>, room: MeetingRoom) {
  return bookingSchema(t, room, {
    title: filledText(TITLE_MAX, {
      required: t('form.errors.titleRequired'),
      tooLong: t('form.errors.titleTooLong'),
    }),
    attendees: z.string().check(
      z.trim(),
      z.refine((value) => value === '' || ATTENDEES_PATTERN.test(value), {
        error: t('form.errors.attendeesInvalid'),
      }),
      z.refine((value) => !ATTENDEES_PATTERN.test(value) || Number(value) <= room.capacity, {
        error: t('form.errors.attendeesTooMany', { capacity: room.capacity }),
      }),
    ),
  });
}

/**
 * A room's availability and the tenant's booking form, side by side in one state: choosing a
 * free slot fills the form. A slot taken meanwhile (409) is explained at the form, what was
 * typed stays, and the availability is fetched again.
 */
export function TenantBooking(page: BookingPageProps) {
  const { room, view } = page;
  const { t } = useTranslation(['meetingRooms', 'common']);
  const create = useCreateReservation();
  const [created, setCreated] = useState<Reservation | null>(null);
  const schema = useMemo(() => createSchema(t, room), [t, room]);
  const booking = useBookingForm({ schema, ids: FIELD_IDS, initialDay: view.day });
  const { register, handleSubmit, resetField } = booking.form;
  const { fieldProps } = booking;

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

  return (
    <BookingSections
      {...page}
      booking={{ ...booking, pick: onPick }}
      onSubmit={(event) => void onSubmit(event)}
      status={
        created ? (
          <Frame role="status" tone="success" mb="5">
            <Text fontWeight="semibold" mb="2">
              {t('form.created')}
            </Text>
            <ReservationSummary reservation={created} />
          </Frame>
        ) : null
      }
    >
      <Field {...fieldProps('title')} label={t('form.meetingTitle')} helperText={t('form.meetingTitleHint')}>
        <Input {...register('title')} autoComplete="off" />
      </Field>
      <Field
        {...fieldProps('attendees', { optional: true })}
        label={t('form.attendees')}
        helperText={t('form.attendeesHint', { capacity: t('rooms.people', { count: room.capacity }) })}
      >
        <Input {...register('attendees')} inputMode="numeric" autoComplete="off" maxW="32" />
      </Field>
      <Field {...fieldProps('note', { optional: true })} label={t('form.note')}>
        <Textarea {...register('note')} rows={3} />
      </Field>
    </BookingSections>
  );
}
