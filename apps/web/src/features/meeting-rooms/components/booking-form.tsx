import { Box, Heading, Stack } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import type { DefaultValues, FieldErrors, Path, PathValue, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { useFieldProps } from '#src/components/forms/use-field-props.ts';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
import { ErrorSummary, formSummaryItems } from '#src/components/ui/error-summary.tsx';
import { errorMessage } from '#src/lib/errors.ts';
import { formatDayInput, parseDayInput } from '#src/lib/prague-time.ts';
import { isReservationConflict } from '../api/meeting-room-mutations.ts';
import type { MeetingRoom } from '../api/meeting-room-queries.ts';
import type { BookingTime } from '../utils/booking-rules.ts';
import type { RoomView, ViewMode } from '../utils/room-view.ts';
import { AvailabilityView, type SlotPick } from './availability-view.tsx';
import { BookingTimeFields } from './booking-time-fields.tsx';

type BookingSchema = z.ZodMiniType<BookingTime, BookingTime>;
const TIME_FIELDS: readonly string[] = ['date', 'start', 'end'] satisfies (keyof BookingTime)[];

/** What a booking page shows: the room, the day and view of its availability, and links to others. */
export interface BookingPageProps {
  room: MeetingRoom;
  view: Pick<RoomView, 'day' | 'mode'>;
  linkToView: (next: { day: string; mode: ViewMode }) => string;
}

/**
 * The state both booking forms share: the form (zod schema), the slot chosen in the grid, and
 * what a refused booking shows – a slot taken meanwhile (409) at the start field with a note that
 * the grid was fetched again, anything else at the fields the server names. What was typed stays.
 * Every field starts empty but the day, which is the one the availability shows.
 */
export function useBookingForm<Schema extends BookingSchema>({
  schema,
  ids,
  initialDay,
}: {
  schema: Schema;
  /** Form field name → element id, for every field of the form. */
  ids: Record<keyof z.input<Schema> & string, string>;
  /** The day the availability shows (`YYYY-MM-DD`), the form's first day. */
  initialDay: string;
}) {
  type Name = keyof z.input<Schema> & string;
  const names = Object.keys(ids) as Name[];
  const defaultValues = Object.fromEntries(
    names.map((name) => [name, name === 'date' ? formatDayInput(initialDay) : '']),
  ) as DefaultValues<z.input<Schema>>;
  // A server message lands where the user can fix it: the times under their API names, every
  // other field under its own.
  const serverFields: Readonly<Record<string, Path<z.input<Schema>>>> = {
    starts_at: 'start' as Path<z.input<Schema>>,
    ends_at: 'end' as Path<z.input<Schema>>,
    ...Object.fromEntries(names.filter((name) => !TIME_FIELDS.includes(name)).map((name) => [name, name])),
  };
  const { t } = useTranslation('meetingRooms');
  const form = useZodForm(schema, defaultValues);
  const feedback = useSubmitFeedback();
  // The time fields exist in every booking schema (BookingSchema), so these paths are valid.
  const timeField = (name: keyof BookingTime) => name as Path<z.input<Schema>>;
  const [date, start, end] = form.watch([timeField('date'), timeField('start'), timeField('end')]) as string[];
  const day = parseDayInput(date ?? '');
  const selection: SlotPick | null = day && start && end ? { day, start: Number(start), end: Number(end) } : null;

  /** A free slot chosen in the grid fills the form; the focus follows so everyone notices. */
  const pick = ({ day: pickedDay, start: from, end: to }: SlotPick) => {
    const set = (name: keyof BookingTime, value: string) =>
      form.setValue(timeField(name), value as PathValue<z.input<Schema>, Path<z.input<Schema>>>);
    set('date', formatDayInput(pickedDay));
    set('start', String(from));
    set('end', String(to));
    form.clearErrors([timeField('date'), timeField('start'), timeField('end')]);
    document.getElementById(ids.start)?.focus();
  };

  const fail = (error: unknown) => {
    if (!isReservationConflict(error)) {
      feedback.fail(error, form.setError, serverFields);
      return;
    }
    // Everything typed stays; the refreshed grid (the mutation's onSettled) shows what is left.
    form.setError(timeField('start'), { type: 'server', message: errorMessage(error) });
    feedback.setServerError(t('form.conflictRefreshed'));
    feedback.summary.focus();
  };

  const errors = form.formState.errors as Record<string, { message?: string }>;
  const summaryItems = () => formSummaryItems(ids, errors, feedback.serverError);
  const fieldProps = useFieldProps<Name>(ids, errors);

  const timeFields: { register: Record<keyof BookingTime, UseFormRegisterReturn>; errors: FieldErrors<BookingTime> } = {
    register: {
      date: form.register(timeField('date')),
      start: form.register(timeField('start')),
      end: form.register(timeField('end')),
    },
    errors: form.formState.errors as FieldErrors<BookingTime>,
  };

  return {
    form,
    ids,
    submitting: form.formState.isSubmitting,
    feedback,
    selection,
    pick,
    fail,
    summaryItems,
    fieldProps,
    timeFields,
  };
}

/**
 * The two sections of a booking page: the room's availability, whose free slots fill the form,
 * and the booking form under its heading with the error summary above it, starting with the day
 * and the times; `children` are the form's other fields, followed by the submit button.
 */
export function BookingSections({
  room,
  view,
  linkToView,
  booking,
  onSubmit,
  status,
  children,
}: BookingPageProps & {
  booking: Pick<
    ReturnType<typeof useBookingForm>,
    'ids' | 'submitting' | 'feedback' | 'pick' | 'selection' | 'summaryItems' | 'timeFields'
  >;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Shown between the summary and the form (the tenant's „booked" confirmation). */
  status?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(['meetingRooms', 'common']);
  const availabilityHeadingId = useId();
  const formHeadingId = useId();
  return (
    <Stack gap="8" minW="0">
      <Box as="section" aria-labelledby={availabilityHeadingId} minW="0">
        <Heading as="h3" id={availabilityHeadingId} size="lg" mb="3">
          {t('availability.title')}
        </Heading>
        <AvailabilityView
          room={room}
          view={view}
          linkToView={linkToView}
          onPick={booking.pick}
          selection={booking.selection}
        />
      </Box>
      <Box as="section" aria-labelledby={formHeadingId} minW="0">
        <Heading as="h3" id={formHeadingId} size="lg" mb="3">
          {t('form.title')}
        </Heading>
        <ErrorSummary
          ref={booking.feedback.summary.ref}
          title={t('common:form.errorSummaryTitle')}
          items={booking.summaryItems()}
        />
        {status}
        <form noValidate onSubmit={onSubmit} aria-labelledby={formHeadingId}>
          <Stack gap="5" maxW="2xl" minW="0">
            <BookingTimeFields room={room} ids={booking.ids} {...booking.timeFields} />
            {children}
            <Button type="submit" alignSelf="flex-start" loading={booking.submitting}>
              {t('form.submit')}
            </Button>
          </Stack>
        </form>
      </Box>
    </Stack>
  );
}
