import { Box, Button, Flex, Heading, Input } from '@chakra-ui/react';
import { Field } from '@portal/ui/field';
import type { TFunction } from 'i18next';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { FormErrorSummary } from '#src/components/forms/form-section.tsx';
import { SelectField } from '#src/components/forms/select-field.tsx';
import { useFieldProps } from '#src/components/forms/use-field-props.ts';
import { useAddressForm } from '#src/components/forms/use-address-form.ts';
import { formSummaryItems } from '#src/components/ui/error-summary.tsx';
import { formatDayInput, parseDayInput, pragueDay } from '#src/lib/prague-time.ts';
import type { StaffRoom } from '../api/staff-room-queries.ts';
import type { RoomDay } from '../utils/day-search.ts';

const FIELD_IDS = { room: 'staff-rooms-room', day: 'staff-rooms-day' } as const;

function createSchema(t: TFunction<'staffMeetingRooms'>) {
  const example = formatDayInput(pragueDay());
  return z.object({
    room: z.string().check(z.minLength(1, { error: t('pick.errors.roomRequired') })),
    day: z.string().check(
      z.trim(),
      z.minLength(1, { error: t('pick.errors.dayRequired'), abort: true }),
      z.refine((value) => parseDayInput(value) !== null, { error: t('pick.errors.dayInvalid', { example }) }),
    ),
  });
}
type Values = z.input<ReturnType<typeof createSchema>>;

const valuesOf = ({ room, day }: RoomDay): Values => ({
  room: room === null ? '' : String(room),
  day: formatDayInput(day),
});

/** The room (from the caller's buildings) and the Prague day; both go to the address. */
export function RoomDayPicker({
  rooms,
  value,
  onPick,
}: {
  rooms: StaffRoom[];
  value: RoomDay;
  onPick: (value: RoomDay) => void;
}) {
  const { t } = useTranslation(['staffMeetingRooms', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const { form, feedback } = useAddressForm(schema, valuesOf(value));
  const { errors } = form.formState;
  const field = useFieldProps(FIELD_IDS, errors);
  const headingId = useId();

  const onSubmit = form.handleSubmit(
    (values) => onPick({ room: Number(values.room), day: parseDayInput(values.day) as string }),
    feedback.summary.focus,
  );
  return (
    <Box as="section" aria-labelledby={headingId}>
      <FormErrorSummary feedback={feedback} items={formSummaryItems(FIELD_IDS, errors, null)} />
      <Heading as="h2" id={headingId} size="md" mb="3">
        {t('pick.title')}
      </Heading>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId}>
        <Flex gap="4" wrap="wrap" align="flex-start">
          <Box minW={{ base: 'full', sm: '72' }}>
            <SelectField
              {...field('room')}
              label={t('pick.room')}
              registration={form.register('room')}
              placeholder={t('pick.roomPlaceholder')}
              options={rooms.map((room) => ({
                value: String(room.id),
                label: t('pick.roomOption', { room: room.name, building: room.building.name }),
              }))}
            />
          </Box>
          <Box minW={{ base: 'full', sm: '48' }}>
            <Field
              {...field('day')}
              label={t('pick.day')}
              helperText={t('pick.dayHint', { example: formatDayInput(pragueDay()) })}
            >
              <Input {...form.register('day')} autoComplete="off" spellCheck={false} />
            </Field>
          </Box>
          <Button type="submit" mt={{ sm: '7' }}>
            {t('pick.show')}
          </Button>
        </Flex>
      </form>
    </Box>
  );
}
