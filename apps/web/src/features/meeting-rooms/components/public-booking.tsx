import { Box, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { useBotProtection } from '#src/components/bot-protection/use-bot-protection.tsx';
import { ErrorSummary, formSummaryItems, useErrorSummaryFocus } from '#src/components/ui/error-summary.tsx';
import { errorMessage, serverFieldErrors } from '#src/lib/errors.ts';
import { formatDayInput, parseDayInput } from '#src/lib/prague-time.ts';
import { isReservationConflict, useCreatePublicReservation } from '../api/meeting-room-mutations.ts';
import type { MeetingRoom, PublicReservationCreated } from '../api/meeting-room-queries.ts';
import { bookingInstants } from '../utils/booking-rules.ts';
import type { RoomView, ViewMode } from '../utils/room-view.ts';
import { AvailabilityView, type SlotPick } from './availability-view.tsx';
import { BookingTimeFields, bookingTimeErrors, messagesResolver } from './booking-time-fields.tsx';
import { BookingFacts, CalendarDownloadButton, publicCalendarEntry } from './reservation-summary.tsx';

const FIELD_IDS = {
  date: 'public-booking-date',
  start: 'public-booking-start',
  end: 'public-booking-end',
  name: 'public-booking-name',
  email: 'public-booking-email',
  phone: 'public-booking-phone',
  title: 'public-booking-purpose',
  note: 'public-booking-note',
} as const;
type FieldName = keyof typeof FIELD_IDS;
type Values = Record<FieldName, string>;

const SERVER_FIELDS = {
  starts_at: 'start',
  ends_at: 'end',
  name: 'name',
  email: 'email',
  phone: 'phone',
  title: 'title',
  note: 'note',
} as const;

const NAME_MAX = 100;
const TITLE_MAX = 200;
const NOTE_MAX = 1000;
const emailSchema = z.email();

/** Digits, spaces, `+`, `-` and brackets (upstream.yaml PhoneNumber) with 9 to 15 digits. */
export function isPlausiblePhone(value: string): boolean {
  if (!/^[+\d\s\-()]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 9 && digits <= 15;
}

/** The link a visitor cancels with; the API mails the same (PORTAL_URL + /zasedacky?zrusit=…&token=…). */
export function cancellationLink(
  origin: string,
  path: string,
  reservation: { uuid: string; cancel_token: string },
): string {
  const search = new URLSearchParams({ zrusit: reservation.uuid, token: reservation.cancel_token });
  return `${origin}${path}?${search.toString()}`;
}

/**
 * A public room's availability and the visitor's booking form behind bot protection, then the
 * confirmation with the cancellation link and a calendar file. A failed bot check or a slot
 * taken meanwhile keeps everything typed.
 */
export function PublicBooking({
  room,
  view,
  linkToView,
  pagePath,
}: {
  room: MeetingRoom;
  view: Pick<RoomView, 'day' | 'mode'>;
  linkToView: (next: { day: string; mode: ViewMode }) => string;
  /** Path of the public booking page, for the cancellation link. */
  pagePath: string;
}) {
  const { t } = useTranslation(['meetingRooms', 'common']);
  const create = useCreatePublicReservation();
  const bot = useBotProtection('public-reservation');
  const summary = useErrorSummaryFocus();
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ reservation: PublicReservationCreated; email: string } | null>(null);
  const availabilityHeadingId = useId();
  const formHeadingId = useId();

  const resolver = useMemo(
    () =>
      messagesResolver<Values>((values) => {
        const errors: Partial<Record<FieldName, string>> = bookingTimeErrors(t, values, room, new Date());
        const name = values.name.trim();
        if (name === '') errors.name = t('publicForm.errors.nameRequired');
        else if (name.length > NAME_MAX) errors.name = t('publicForm.errors.nameTooLong');
        const email = values.email.trim();
        if (email === '') errors.email = t('publicForm.errors.emailRequired');
        else if (!emailSchema.safeParse(email).success) errors.email = t('publicForm.errors.emailInvalid');
        const phone = values.phone.trim();
        if (phone !== '' && !isPlausiblePhone(phone)) errors.phone = t('publicForm.errors.phoneInvalid');
        if (values.title.trim().length > TITLE_MAX) errors.title = t('publicForm.errors.purposeTooLong');
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
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    defaultValues: {
      date: formatDayInput(view.day),
      start: '',
      end: '',
      name: '',
      email: '',
      phone: '',
      title: '',
      note: '',
    },
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
    document.getElementById(FIELD_IDS.start)?.focus();
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const botToken = await bot.token();
      if (botToken === undefined) {
        setServerError(t('publicForm.errors.botCheck'));
        summary.focus();
        return;
      }
      const optional = (value: string) => (value.trim() === '' ? null : value.trim());
      const reservation = await create.mutateAsync({
        botToken,
        body: {
          room: room.id,
          ...bookingInstants(values),
          name: values.name.trim(),
          email: values.email.trim(),
          phone: optional(values.phone),
          title: optional(values.title),
          note: optional(values.note),
        },
      });
      setCreated({ reservation, email: values.email.trim() });
      // Name and contact stay for a further booking (WCAG 3.3.7); the slot is taken now.
      setValue('start', '');
      setValue('end', '');
    } catch (error) {
      if (isReservationConflict(error)) {
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

  if (created) {
    return <PublicConfirmation {...created} pagePath={pagePath} onAnother={() => setCreated(null)} />;
  }

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
        <form noValidate onSubmit={onSubmit} aria-labelledby={formHeadingId}>
          <Stack gap="5" maxW="2xl" minW="0">
            <BookingTimeFields
              room={room}
              ids={FIELD_IDS}
              register={{ date: register('date'), start: register('start'), end: register('end') }}
              errors={errors}
            />
            <Field
              id={FIELD_IDS.name}
              label={t('publicForm.name')}
              errorText={errors.name?.message}
              errorPrefix={errorPrefix}
            >
              <Input {...register('name')} autoComplete="name" />
            </Field>
            <Field
              id={FIELD_IDS.email}
              label={t('publicForm.email')}
              helperText={t('publicForm.emailHint')}
              errorText={errors.email?.message}
              errorPrefix={errorPrefix}
            >
              <Input
                {...register('email')}
                type="email"
                autoComplete="email"
                inputMode="email"
                autoCapitalize="none"
                spellCheck={false}
              />
            </Field>
            <Field
              id={FIELD_IDS.phone}
              label={t('publicForm.phone')}
              optionalText={t('common:form.optional')}
              errorText={errors.phone?.message}
              errorPrefix={errorPrefix}
            >
              <Input {...register('phone')} type="tel" autoComplete="tel" />
            </Field>
            <Field
              id={FIELD_IDS.title}
              label={t('publicForm.purpose')}
              optionalText={t('common:form.optional')}
              errorText={errors.title?.message}
              errorPrefix={errorPrefix}
            >
              <Input {...register('title')} autoComplete="off" />
            </Field>
            <Field
              id={FIELD_IDS.note}
              label={t('publicForm.note')}
              optionalText={t('common:form.optional')}
              errorText={errors.note?.message}
              errorPrefix={errorPrefix}
            >
              <Textarea {...register('note')} rows={3} />
            </Field>
            {bot.widget}
            <Button type="submit" alignSelf="flex-start" loading={isSubmitting}>
              {t('form.submit')}
            </Button>
          </Stack>
        </form>
      </Box>
    </Stack>
  );
}

/** The booking is made: what, when, the cancellation link (also mailed) and a calendar file. */
function PublicConfirmation({
  reservation,
  email,
  pagePath,
  onAnother,
}: {
  reservation: PublicReservationCreated;
  email: string;
  pagePath: string;
  onAnother: () => void;
}) {
  const { t } = useTranslation('meetingRooms');
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const link = cancellationLink(window.location.origin, pagePath, reservation);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      display="grid"
      gap="4"
      borderWidth="1px"
      borderColor="green.muted"
      bg="green.subtle"
      borderRadius="l2"
      p={{ base: '4', md: '6' }}
      minW="0"
    >
      <Heading as="h3" id={headingId} ref={heading} tabIndex={-1} size="xl" outline="none">
        {t('confirmation.title')}
      </Heading>
      <BookingFacts
        room={reservation.room}
        startsAt={reservation.starts_at}
        endsAt={reservation.ends_at}
        extra={[{ label: t('details.name'), value: reservation.name }]}
      />
      <Box display="grid" gap="1" minW="0">
        <Heading as="h4" size="md">
          {t('confirmation.linkTitle')}
        </Heading>
        <Text>{t('confirmation.linkHint', { email })}</Text>
        <Link href={link} variant="underline" wordBreak="break-all" data-testid="cancellation-link">
          <Box as="span" fontFamily="mono">
            {link}
          </Box>
        </Link>
      </Box>
      <CalendarDownloadButton
        entry={publicCalendarEntry(t, reservation)}
        fileName={`rezervace-${reservation.uuid}.ics`}
      />
      <Button type="button" variant="ghost" justifySelf="start" onClick={onAnother}>
        {t('confirmation.another')}
      </Button>
    </Box>
  );
}
