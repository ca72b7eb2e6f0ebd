import { chakra, Input, SimpleGrid } from '@chakra-ui/react';
import { Field } from '@portal/ui/field';
import type { TFunction } from 'i18next';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { formatMinutes } from '#src/lib/format.ts';
import { formatDayInput, pragueDay } from '#src/lib/prague-time.ts';
import type { MeetingRoom } from '../api/meeting-room-queries.ts';
import { bookingProblems, type BookingProblem, type BookingTime } from '../utils/booking-rules.ts';
import { gridTimes } from '../utils/slots.ts';
import { formatDuration } from './room-facts.tsx';

export interface BookingTimeIds {
  date: string;
  start: string;
  end: string;
}

/**
 * A plain `<select>` styled like the portal's inputs: the theme registers no select recipe, and
 * the native control is the most robust choice on phones and with assistive technology.
 */
const TimeSelect = chakra('select', {
  base: {
    width: 'full',
    minW: '0',
    h: '10',
    px: '3',
    borderWidth: '1px',
    borderColor: 'border.emphasized',
    borderRadius: 'l2',
    bg: 'bg',
    color: 'fg',
    fontSize: 'md',
    cursor: 'pointer',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '0' },
    _invalid: { borderColor: 'border.error' },
  },
});

/** The day and the start and end on the room's grid, shared by both booking forms. */
export function BookingTimeFields({
  room,
  ids,
  register,
  errors,
}: {
  room: MeetingRoom;
  ids: BookingTimeIds;
  register: Record<keyof BookingTime, UseFormRegisterReturn>;
  errors: FieldErrors<BookingTime>;
}) {
  const { t } = useTranslation(['meetingRooms', 'common']);
  const { starts, ends } = gridTimes(room);
  const errorPrefix = t('common:form.errorPrefix');
  // Field describes and marks its direct child; for the selects it is done here as well.
  const describedBy = (id: string, invalid: boolean) => (invalid ? `${id}-error` : undefined);
  return (
    <>
      <Field
        id={ids.date}
        label={t('form.date')}
        helperText={t('form.dateHint', { example: formatDayInput(pragueDay()) })}
        errorText={errors.date?.message}
        errorPrefix={errorPrefix}
      >
        <Input {...register.date} autoComplete="off" spellCheck={false} maxW="xs" />
      </Field>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" maxW="md">
        <Field id={ids.start} label={t('form.start')} errorText={errors.start?.message} errorPrefix={errorPrefix}>
          <TimeSelect
            {...register.start}
            id={ids.start}
            aria-invalid={errors.start ? true : undefined}
            aria-describedby={describedBy(ids.start, Boolean(errors.start))}
          >
            <option value="">{t('form.chooseTime')}</option>
            {starts.map((minute) => (
              <option key={minute} value={String(minute)}>
                {formatMinutes(minute)}
              </option>
            ))}
          </TimeSelect>
        </Field>
        <Field id={ids.end} label={t('form.end')} errorText={errors.end?.message} errorPrefix={errorPrefix}>
          <TimeSelect
            {...register.end}
            id={ids.end}
            aria-invalid={errors.end ? true : undefined}
            aria-describedby={describedBy(ids.end, Boolean(errors.end))}
          >
            <option value="">{t('form.chooseTime')}</option>
            {ends.map((minute) => (
              <option key={minute} value={String(minute)}>
                {formatMinutes(minute)}
              </option>
            ))}
          </TimeSelect>
        </Field>
      </SimpleGrid>
    </>
  );
}

/** The Czech message for a booking rule the user broke. */
export function bookingProblemMessage(t: TFunction<'meetingRooms'>, problem: BookingProblem): string {
  if (problem.kind === 'tooLong') return t('form.errors.tooLong', { duration: formatDuration(t, problem.maxMinutes) });
  return t(`form.errors.${problem.kind}`);
}

/**
 * The booking rules for the day and the times as a check of a booking form's schema: one message
 * per field at fault, at that field. A check rather than field schemas, because the rules depend
 * on the room and the clock (read at each submit).
 */
function bookingTimeRules(t: TFunction<'meetingRooms'>, room: MeetingRoom) {
  // Unknown input: the check serves schemas of any shape that has the three fields (bookingSchema).
  return z.superRefine<unknown>((values, context) => {
    for (const problem of bookingProblems(values as BookingTime, room, new Date())) {
      context.addIssue({
        code: 'custom',
        message: bookingProblemMessage(t, problem),
        path: [problem.field],
        input: values,
      });
    }
  });
}

/** The API's limits of a reservation's title and note. */
export const TITLE_MAX = 200;
export const NOTE_MAX = 1000;

/** A text the user must fill in (trimmed) of at most `max` characters. */
export function filledText(max: number, errors: { required: string; tooLong: string }) {
  return z
    .string()
    .check(z.trim(), z.minLength(1, { error: errors.required }), z.maxLength(max, { error: errors.tooLong }));
}

/**
 * A booking form's schema: the day and the times under the booking rules, the optional note both
 * forms end with, plus the form's own `fields`. None of their checks may abort (`abort: true`): zod
 * would then skip the rules.
 */
export function bookingSchema<Fields extends Record<string, z.ZodMiniType<string, string>>>(
  t: TFunction<'meetingRooms'>,
  room: MeetingRoom,
  fields: Fields,
) {
  const note = z.string().check(z.maxLength(NOTE_MAX, { error: t('form.errors.noteTooLong') }));
  return z
    .object({ date: z.string(), start: z.string(), end: z.string(), ...fields, note })
    .check(bookingTimeRules(t, room));
}
