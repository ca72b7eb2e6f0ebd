import { Box, Heading, Input, Link, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { Frame } from '#src/components/ui/frame.tsx';
import { EMAIL_INPUT } from '#src/components/forms/inputs.tsx';
import { useBotProtection } from '#src/components/bot-protection/use-bot-protection.tsx';
import { isPlausiblePhone } from '#src/utils/contact.ts';
import { useCreatePublicReservation } from '../api/meeting-room-mutations.ts';
import type { MeetingRoom, PublicReservationCreated } from '../api/meeting-room-queries.ts';
import { bookingInstants } from '../utils/booking-rules.ts';
import { BookingSections, useBookingForm, type BookingPageProps } from './booking-form.tsx';
import { bookingSchema, filledText, TITLE_MAX } from './booking-time-fields.tsx';
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

const NAME_MAX = 100;
const EMAIL = z.email();

function createSchema(t: TFunction<'meetingRooms'>, room: MeetingRoom) {
  return bookingSchema(t, room, {
    name: filledText(NAME_MAX, {
      required: t('publicForm.errors.nameRequired'),
      tooLong: t('publicForm.errors.nameTooLong'),
    }),
    email: z.string().check(
      z.trim(),
      z.minLength(1, { error: t('publicForm.errors.emailRequired') }),
      z.refine((value) => value === '' || EMAIL.safeParse(value).success, {
        error: t('publicForm.errors.emailInvalid'),
      }),
    ),
    phone: z.string().check(
      z.trim(),
      z.refine((value) => value === '' || isPlausiblePhone(value), { error: t('publicForm.errors.phoneInvalid') }),
    ),
    title: z.string().check(z.trim(), z.maxLength(TITLE_MAX, { error: t('publicForm.errors.purposeTooLong') })),
  });
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
  pagePath,
  ...page
}: BookingPageProps & {
  /** Path of the public booking page, for the cancellation link. */
  pagePath: string;
}) {
  const { room, view } = page;
  const { t } = useTranslation(['meetingRooms', 'common']);
  const create = useCreatePublicReservation();
  const bot = useBotProtection('public-reservation');
  const [created, setCreated] = useState<{ reservation: PublicReservationCreated; email: string } | null>(null);
  const schema = useMemo(() => createSchema(t, room), [t, room]);
  const booking = useBookingForm({ schema, ids: FIELD_IDS, initialDay: view.day });
  const { register, handleSubmit, setValue } = booking.form;
  const { fieldProps } = booking;
  const { feedback } = booking;

  const onSubmit = handleSubmit(async (values) => {
    feedback.setServerError(null);
    try {
      const botToken = await bot.token();
      if (botToken === undefined) {
        feedback.setServerError(t('publicForm.errors.botCheck'));
        feedback.summary.focus();
        return;
      }
      const optional = (value: string) => (value.trim() === '' ? null : value.trim());
      const reservation = await create.mutateAsync({
        botToken,
        body: {
          room: room.id,
          ...bookingInstants(values),
          name: values.name,
          email: values.email,
          phone: optional(values.phone),
          title: optional(values.title),
          note: optional(values.note),
        },
      });
      setCreated({ reservation, email: values.email });
      // Name and contact stay for a further booking (WCAG 3.3.7); the slot is taken now.
      setValue('start', '');
      setValue('end', '');
    } catch (error) {
      booking.fail(error);
    }
  }, feedback.summary.focus);

  if (created) {
    return <PublicConfirmation {...created} pagePath={pagePath} onAnother={() => setCreated(null)} />;
  }

  return (
    <BookingSections {...page} booking={booking} onSubmit={(event) => void onSubmit(event)}>
      <Field {...fieldProps('name')} label={t('publicForm.name')}>
        <Input {...register('name')} autoComplete="name" />
      </Field>
      <Field {...fieldProps('email')} label={t('publicForm.email')} helperText={t('publicForm.emailHint')}>
        <Input {...register('email')} {...EMAIL_INPUT} />
      </Field>
      <Field {...fieldProps('phone', { optional: true })} label={t('publicForm.phone')}>
        <Input {...register('phone')} type="tel" autoComplete="tel" />
      </Field>
      <Field {...fieldProps('title', { optional: true })} label={t('publicForm.purpose')}>
        <Input {...register('title')} autoComplete="off" />
      </Field>
      <Field {...fieldProps('note', { optional: true })} label={t('publicForm.note')}>
        <Textarea {...register('note')} rows={3} />
      </Field>
      {bot.widget}
    </BookingSections>
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
    <Frame
      as="section"
      aria-labelledby={headingId}
      display="grid"
      gap="4"
      tone="success"
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
        {/* A long address has no break opportunity of its own; on a 360 px phone it must wrap. */}
        <Text overflowWrap="anywhere">{t('confirmation.linkHint', { email })}</Text>
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
    </Frame>
  );
}
