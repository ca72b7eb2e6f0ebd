import { formatPragueDateTime } from '../../../domain/prague-time.js';
import type { MailMessage } from '../../../plugins/app/mailer.js';

/**
 * The confirmation a visitor gets for a public booking: the reservation number, the
 * cancellation code (the only way to cancel) and a link that opens the cancellation page –
 * which cancels only with a button, never on opening (docs/architecture.md §4).
 */
export function publicReservationMail(input: {
  to: string;
  roomName: string;
  startsAt: Date;
  endsAt: Date;
  uuid: string;
  cancelToken: string;
  portalUrl: string;
}): MailMessage {
  const link = `${input.portalUrl}/zasedacky?zrusit=${input.uuid}&token=${input.cancelToken}`;
  return {
    to: input.to,
    type: 'public-reservation',
    subject: `Rezervace místnosti ${input.roomName}`,
    text: [
      'Dobrý den,',
      '',
      `potvrzujeme rezervaci místnosti ${input.roomName} od ${formatPragueDateTime(input.startsAt)} do ${formatPragueDateTime(input.endsAt)}.`,
      '',
      `Číslo rezervace: ${input.uuid}`,
      `Kód pro zrušení: ${input.cancelToken}`,
      `Rezervaci zrušíte na adrese: ${link}`,
      '',
      'S pozdravem',
      'správa budovy',
    ].join('\n'),
  };
}
