import { formatPragueDateTime } from '../../../domain/prague-time.js';
import type { MailMessage } from '../../../plugins/app/mailer.js';

/** Tells whoever booked a room that the building's staff cancelled it, and why. */
export function reservationCancelledMail(input: {
  to: string;
  roomName: string;
  startsAt: Date;
  endsAt: Date;
  reason: string;
}): MailMessage {
  return {
    to: input.to,
    type: 'reservation-cancelled-by-staff',
    subject: `Zrušená rezervace místnosti ${input.roomName}`,
    text: [
      'Dobrý den,',
      '',
      `správa budovy zrušila rezervaci místnosti ${input.roomName} od ${formatPragueDateTime(input.startsAt)} do ${formatPragueDateTime(input.endsAt)}.`,
      '',
      `Důvod: ${input.reason}`,
      '',
      'Omlouváme se za komplikace. Jiný termín si můžete zarezervovat na portálu.',
      '',
      'S pozdravem',
      'správa budovy',
    ].join('\n'),
  };
}
