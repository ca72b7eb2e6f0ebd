import { Box, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { toast } from '@portal/ui/toast';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, formSummaryItems, useErrorSummaryFocus } from '#src/components/ui/error-summary.tsx';
import { errorMessage, serverFieldErrors } from '#src/lib/errors.ts';
import { formatDayInput, parseDayInput } from '#src/lib/prague-time.ts';
import { isReservationConflict, useCreateReservation } from '../api/meeting-room-mutations.ts';
import type { MeetingRoom, Reservation } from '../api/meeting-room-queries.ts';
import { bookingInstants } from '../utils/booking-rules.ts';
import type { RoomView, ViewMode } from '../utils/room-view.ts';
import { AvailabilityView, type SlotPick } from './availability-view.tsx';
import { BookingTimeFields, bookingTimeErrors, messagesResolver } from './booking-time-fields.tsx';
import { ReservationSummary } from './reservation-summary.tsx';

const FIELD_IDS = {
  date: 'booking-date',
  start: 'booking-start',
  end: 'booking-end',
  title: 'booking-title',
  attendees: 'booking-attendees',
  note: 'booking-note',
} as const;
type FieldName = keyof typeof FIELD_IDS;
type Values = Record<FieldName, string>;

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
  const summary = useErrorSummaryFocus();
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<Reservation | null>(null);
  const availabilityHeadingId = useId();
  const formHeadingId = useId();

  const resolver = useMemo(
    () =>
      messagesResolver<Values>((values) => {
        const errors: Partial<Record<FieldName, string>> = bookingTimeErrors(t, values, room, new Date());
        const title = values.title.trim();
        if (title === '') errors.title = t('form.errors.titleRequired');
        else if (title.length > TITLE_MAX) errors.title = t('form.errors.titleTooLong');
        const attendees = values.attendees.trim();
        if (attendees !== '' && !/^[1-9]\d{0,3}$/.test(attendees)) errors.attendees = t('form.errors.attendeesInvalid');
        else if (attendees !== '' && Number(attendees) > room.capacity) {
          errors.attendees = t('form.errors.attendeesTooMany', { capacity: room.capacity });
        }
        if (values.note.length > NOTE_MAX) errors.note = t('form.errors.noteTooLong');
        return errors;
      }),
    [t, room],
  );

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    resetField,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    defaultValues: { date: formatDayInput(view.day), start: '', end: '', title: '', attendees: '', note: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const [date, start, end] = watch(['date', 'start', 'end']);
  const day = parseDayInput(date);
  const selection: SlotPick | null =
    day && start !== '' && end !== '' ? { day, start: Number(start), end: Number(end) } : null;

  const onPick = (pick: SlotPick) => {
    setValue('date', formatDayInput(pick.day));
    setValue('start', String(pick.start));
    setValue('end', String(pick.end));
    clearErrors(['date', 'start', 'end']);
    setCreated(null);
    // The choice lands in the form: focus follows so keyboard and screen-reader users see it.
    document.getElementById(FIELD_IDS.start)?.focus();
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    setCreated(null);
    try {
      const reservation = await create.mutateAsync({
        room: room.id,
        title: values.title.trim(),
        ...bookingInstants(values),
        attendees: values.attendees.trim() === '' ? null : Number(values.attendees),
        note: values.note.trim() === '' ? null : values.note.trim(),
      });
      setCreated(reservation);
      toast.add({ severity: 'success', summary: t('form.created') });
      // The slot is taken now; the day stays for the next booking.
      for (const name of ['start', 'end', 'title', 'attendees', 'note'] as const) resetField(name);
    } catch (error) {
      if (isReservationConflict(error)) {
        // Everything typed stays; the refreshed grid (mutation onSettled) shows what is left.
        setError('start', { type: 'server', message: errorMessage(error) });
        setServerError(t('form.conflictRefreshed'));
      } else {
        for (const [name, message] of serverFieldErrors(
          error,
          Object.keys(SERVER_FIELDS) as (keyof typeof SERVER_FIELDS)[],
        )) {
          setError(SERVER_FIELDS[name], { type: 'server', message });
        }
        setServerError(errorMessage(error));
      }
      summary.focus();
    }
  }, summary.focus);

  const errorPrefix = t('common:form.errorPrefix');
  return (
    <Stack gap="8" minW="0">
      <Box as="section" aria-labelledby={availabilityHeadingId} minW="0">
        <Heading as="h3" id={availabilityHeadingId} size="lg" mb="3">
          {t('availability.title')}
        </Heading>
        <AvailabilityView room={room} view={view} linkToView={linkToView} onPick={onPick} selection={selection} />
      </Box>
      <Box as="section" aria-labelledby={formHeadingId} minW="0">
        <Heading as="h3" id={formHeadingId} size="lg" mb="3">
          {t('form.title')}
        </Heading>
        <ErrorSummary
          ref={summary.ref}
          title={t('common:form.errorSummaryTitle')}
          items={formSummaryItems(FIELD_IDS, errors, serverError)}
        />
        {created ? (
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
        ) : null}
        <form noValidate onSubmit={onSubmit} aria-labelledby={formHeadingId}>
          <Stack gap="5" maxW="2xl" minW="0">
            <BookingTimeFields
              room={room}
              ids={FIELD_IDS}
              register={{ date: register('date'), start: register('start'), end: register('end') }}
              errors={errors}
            />
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
          </Stack>
        </form>
      </Box>
    </Stack>
  );
}
