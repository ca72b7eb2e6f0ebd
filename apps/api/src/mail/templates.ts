import type { MailJob } from '../domain/notifications.js';
import { czechCount } from '../domain/czech-count.js';
import { formatPragueDateTime } from '../domain/prague-time.js';
import { mailEvent } from './calendar.js';
import type { MailMessage } from './message.js';

/**
 * The Czech texts of every mail the portal sends, rendered by the mail worker from a `mail`
 * job's data (domain/notifications.ts). Each names its ticket or request number in the subject,
 * links to its page and, except security mail, carries the one-click unsubscribe of its kind.
 *
 * Mail to a visitor of the public forms (public requests, public bookings) goes to an address
 * nobody has confirmed: anyone may type someone else's. Such mail carries only the portal's own
 * words, the number, the code and the link, never the visitor's text (subject, message, name,
 * title), so the forms cannot send arbitrary text to a stranger under the portal's name.
 */

export interface RenderContext {
  /** Base address of the portal (PORTAL_URL), no trailing slash. */
  portalUrl: string;
  /** The signed one-click unsubscribe address of a kind for an address. */
  unsubscribeUrl: (email: string, kind: string) => string;
  /** The organiser address of calendar events. */
  organizer: string;
}

export const STATUS_LABELS: Record<string, string> = {
  open: 'Otevřeno',
  in_progress: 'Zpracovává se',
  resolved: 'Vyřešeno',
  closed: 'Uzavřeno',
};

/** „Děkujeme, váš požadavek / vaše hlášení poruchy / vaši objednávku jsme přijali“ (accusative, agreeing). */
const YOURS: Record<string, string> = {
  support: 'váš požadavek',
  fault_report: 'vaše hlášení poruchy',
  order: 'vaši objednávku',
};

const WHAT: Record<string, string> = {
  support: 'požadavek',
  fault_report: 'hlášení poruchy',
  order: 'objednávku',
};

const SIGNATURE = ['', 'S pozdravem', 'Správa budovy'];
const FOOTER = (unsubscribe: string | undefined) =>
  unsubscribe === undefined
    ? []
    : ['', '--', 'Tato upozornění si můžete vypnout v profilu na portálu nebo jedním kliknutím zde:', unsubscribe];

const str = (data: MailJob['data'], key: string): string => {
  const value = data[key];
  return value === null || value === undefined ? '' : String(value);
};
const date = (data: MailJob['data'], key: string) => formatPragueDateTime(new Date(str(data, key)));
const status = (data: MailJob['data'], key: string) => STATUS_LABELS[str(data, key)] ?? str(data, key);

interface Draft {
  subject: string;
  lines: string[];
  thread?: string;
  calendar?: MailMessage['calendar'];
}

/** A mail job's message, ready for the transport. */
export function renderMail(job: MailJob, context: RenderContext): MailMessage {
  const draft = draftOf(job, context);
  const unsubscribeUrl = job.preference === undefined ? undefined : context.unsubscribeUrl(job.to, job.preference);
  return {
    to: job.to,
    type: job.kind,
    subject: draft.subject,
    text: [...draft.lines, ...SIGNATURE, ...FOOTER(unsubscribeUrl)].join('\n'),
    thread: draft.thread,
    unsubscribeUrl,
    calendar: draft.calendar,
  };
}

function draftOf(job: MailJob, context: RenderContext): Draft {
  const { data } = job;
  const url = (path: string) => `${context.portalUrl}${path}`;
  const ticketId = str(data, 'ticketId');
  const ticketLink = url(`/hlaseni-incidentu/${ticketId}`);
  const staffTicketLink = url(`/sprava/incidenty/${ticketId}`);
  const ticketThread = `ticket-${ticketId}`;
  const requestId = str(data, 'requestId');
  const requestLink = url(`/verejna-podpora/${requestId}`);
  const requestThread = `public-request-${requestId}`;
  const subject = str(data, 'subject');
  /** To the assignee: what the tenant did on their ticket, the tenant's own words, and the way to it. */
  const toAssignee = (mailSubject: string, whatHappened: string, tenantsWords: string): Draft => ({
    subject: mailSubject,
    thread: ticketThread,
    lines: ['Dobrý den,', '', whatHappened, '', tenantsWords, '', `Otevřít ve správě: ${staffTicketLink}`],
  });

  switch (job.kind) {
    case 'password-reset':
      return {
        subject: 'Obnovení hesla k Portálu nájemníka',
        lines: [
          'Dobrý den,',
          '',
          `obdrželi jsme žádost o obnovení hesla k účtu ${job.to} na Portálu nájemníka.`,
          'Nové heslo si nastavíte na této adrese:',
          '',
          url(str(data, 'path')),
          '',
          'Odkaz platí 3 dny a lze jej použít jen jednou.',
          'Pokud jste o obnovení hesla nežádali, tento e-mail ignorujte – vaše heslo zůstane beze změny.',
        ],
      };
    case 'password-changed':
      return {
        subject: 'Heslo k Portálu nájemníka bylo změněno',
        lines: [
          'Dobrý den,',
          '',
          // A change on the profile keeps the session it was made in; a reset ends every one.
          data['keptCurrentSession'] === true
            ? `heslo k účtu ${job.to} na Portálu nájemníka bylo právě změněno v profilu a všechna ostatní přihlášení byla ukončena.`
            : `heslo k účtu ${job.to} na Portálu nájemníka bylo právě změněno a všechna přihlášení byla ukončena.`,
          '',
          'Pokud jste heslo neměnili vy, obnovte si ho ihned na adrese',
          url('/zapomenute-heslo'),
          'a kontaktujte správu budovy.',
        ],
      };
    case 'ticket-reply':
      return {
        subject: `Incident č. ${ticketId}: odpověď správy – ${subject}`,
        thread: ticketThread,
        lines: [
          'Dobrý den,',
          '',
          `správa budovy odpověděla na váš incident č. ${ticketId} „${subject}“:`,
          '',
          str(data, 'body'),
          '',
          `Celý průběh a možnost odpovědět: ${ticketLink}`,
        ],
      };
    case 'ticket-status':
      return {
        subject: `Incident č. ${ticketId}: ${status(data, 'to')} – ${subject}`,
        thread: ticketThread,
        lines: [
          'Dobrý den,',
          '',
          `stav vašeho incidentu č. ${ticketId} „${subject}“ se změnil z „${status(data, 'from')}“ na „${status(data, 'to')}“.`,
          ...(str(data, 'resolution') === '' ? [] : ['', `Řešení: ${str(data, 'resolution')}`]),
          '',
          `Podrobnosti: ${ticketLink}`,
        ],
      };
    case 'ticket-resolved':
      return {
        subject: `Incident č. ${ticketId} je vyřešen, prosíme o potvrzení – ${subject}`,
        thread: ticketThread,
        lines: [
          'Dobrý den,',
          '',
          `správa budovy označila váš incident č. ${ticketId} „${subject}“ za vyřešený.`,
          ...(str(data, 'resolution') === '' ? [] : ['', `Řešení: ${str(data, 'resolution')}`]),
          '',
          'Je závada odstraněna? Potvrďte to prosím, nebo incident znovu otevřete s uvedením důvodu:',
          ticketLink,
        ],
      };
    case 'ticket-auto-closed':
      return {
        subject: `Incident č. ${ticketId} byl uzavřen – ${subject}`,
        thread: ticketThread,
        lines: [
          'Dobrý den,',
          '',
          // „do“ takes the genitive: do 1 dne, do 7 dní.
          `váš incident č. ${ticketId} „${subject}“ byl vyřešen, a protože jste jej do ${czechCount(Number(str(data, 'days')), { one: 'dne', few: 'dní', other: 'dní' })} nepotvrdili ani znovu neotevřeli, byl uzavřen.`,
          '',
          `Podrobnosti: ${ticketLink}`,
        ],
      };
    case 'ticket-visit': {
      const cleared = str(data, 'visitFrom') === '';
      const uid = `ticket-visit-${ticketId}@${new URL(context.portalUrl).hostname}`;
      return {
        subject: cleared
          ? `Incident č. ${ticketId}: návštěva technika zrušena – ${subject}`
          : `Incident č. ${ticketId}: návštěva technika ${date(data, 'visitFrom')} – ${subject}`,
        thread: ticketThread,
        lines: cleared
          ? [
              'Dobrý den,',
              '',
              `ohlášená návštěva technika k vašemu incidentu č. ${ticketId} „${subject}“ byla zrušena.`,
              '',
              `Podrobnosti: ${ticketLink}`,
            ]
          : [
              'Dobrý den,',
              '',
              `k vašemu incidentu č. ${ticketId} „${subject}“ přijde technik v době od ${date(data, 'visitFrom')} do ${date(data, 'visitTo')}.`,
              ...(str(data, 'note') === '' ? [] : ['', `Poznámka: ${str(data, 'note')}`]),
              '',
              'Termín je v příloze i jako událost do kalendáře.',
              `Podrobnosti: ${ticketLink}`,
            ],
        calendar: {
          method: cleared ? 'CANCEL' : 'REQUEST',
          filename: 'navsteva-technika.ics',
          content: mailEvent({
            uid,
            title: `Návštěva technika – incident č. ${ticketId}`,
            description: subject,
            // A cancelled window keeps its UID; its times no longer matter to the calendar.
            start: new Date(cleared ? Date.now() : str(data, 'visitFrom')),
            end: new Date(cleared ? Date.now() + 3_600_000 : str(data, 'visitTo')),
            sequence: Number(data['sequence'] ?? 0),
            method: cleared ? 'CANCEL' : 'REQUEST',
            url: ticketLink,
            organizer: context.organizer,
          }),
        },
      };
    }
    case 'staff-new-ticket':
      return {
        subject: `Nový incident č. ${ticketId}: ${subject}`,
        thread: ticketThread,
        lines: [
          'Dobrý den,',
          '',
          `nájemce nahlásil nový incident č. ${ticketId} „${subject}“${str(data, 'building') === '' ? '' : ` v budově ${str(data, 'building')}`}.`,
          '',
          `Otevřít ve správě: ${staffTicketLink}`,
        ],
      };
    case 'staff-ticket-reply':
      return toAssignee(
        `Incident č. ${ticketId}: odpověď nájemce – ${subject}`,
        `nájemce odpověděl na incident č. ${ticketId} „${subject}“, který máte přidělený:`,
        str(data, 'body'),
      );
    case 'staff-ticket-reopened':
      return toAssignee(
        `Incident č. ${ticketId} znovu otevřen – ${subject}`,
        `nájemce znovu otevřel incident č. ${ticketId} „${subject}“, který máte přidělený. Důvod:`,
        str(data, 'reason'),
      );
    case 'staff-new-request':
      return {
        subject: `Nový veřejný požadavek č. ${requestId}: ${subject}`,
        thread: requestThread,
        lines: [
          'Dobrý den,',
          '',
          `návštěvník podal ${WHAT[str(data, 'category')] ?? 'požadavek'} č. ${requestId} „${subject}“${str(data, 'building') === '' ? '' : ` v budově ${str(data, 'building')}`}.`,
          '',
          `Otevřít ve správě: ${url(`/sprava/verejna-podpora/${requestId}`)}`,
        ],
      };
    case 'public-support-created': {
      const link = `${requestLink}?code=${encodeURIComponent(str(data, 'accessCode'))}`;
      return {
        subject: `Požadavek č. ${requestId} byl přijat`,
        thread: requestThread,
        lines: [
          'Dobrý den,',
          '',
          `děkujeme, ${YOURS[str(data, 'category')] ?? 'váš požadavek'} jsme přijali pod číslem ${requestId}.`,
          '',
          `Číslo požadavku: ${requestId}`,
          `Přístupový kód: ${str(data, 'accessCode')}`,
          '',
          'Stav požadavku, odpovědi správy budovy a možnost doplnit zprávu najdete na adrese:',
          link,
          '',
          'Přístupový kód nikomu nesdělujte: kdo ho zná, může požadavek číst a psát do něj.',
        ],
      };
    }
    case 'public-support-answer':
      return {
        subject: `Požadavek č. ${requestId}: odpověď správy budovy`,
        thread: requestThread,
        lines: [
          'Dobrý den,',
          '',
          `správa budovy odpověděla na váš požadavek č. ${requestId}:`,
          '',
          str(data, 'body'),
          ...(str(data, 'status') === '' ? [] : ['', `Nový stav: ${status(data, 'status')}`]),
          '',
          'Celou konverzaci najdete na adrese níže; zadejte přístupový kód z prvního e-mailu:',
          requestLink,
        ],
      };
    case 'public-support-status':
      return {
        subject: `Požadavek č. ${requestId}: ${status(data, 'to')}`,
        thread: requestThread,
        lines: [
          'Dobrý den,',
          '',
          `stav vašeho požadavku č. ${requestId} se změnil z „${status(data, 'from')}“ na „${status(data, 'to')}“.`,
          '',
          'Podrobnosti najdete na adrese níže; zadejte přístupový kód z prvního e-mailu:',
          requestLink,
        ],
      };
    case 'public-reservation':
    case 'reservation-confirmed':
    case 'reservation-reminder':
    case 'reservation-cancelled-by-staff':
      return reservationDraft(job, context);
    case 'outage-published':
    case 'outage-moved': {
      const moved = job.kind === 'outage-moved';
      const end = str(data, 'endsAt') === '' ? ', konec zatím není znám' : ` do ${date(data, 'endsAt')}`;
      const building = str(data, 'building');
      return {
        subject: `${moved ? 'Změna plánované odstávky' : 'Plánovaná odstávka'}: ${str(data, 'title')}`,
        thread: `outage-${str(data, 'eventId')}`,
        lines: [
          'Dobrý den,',
          '',
          moved
            ? `změnil se termín plánované odstávky${building === '' ? '' : ` v budově ${building}`}: ${str(data, 'title')}`
            : `${building === '' ? 'v budově' : `v budově ${building}`} je naplánována odstávka: ${str(data, 'title')}`,
          `Od ${date(data, 'startsAt')}${end}.`,
          '',
          str(data, 'description'),
          '',
          `Všechny plánované odstávky: ${url('/planovane-vypadky')}`,
        ],
      };
    }
    default:
      throw new Error(`Unknown mail kind ${job.kind}`);
  }
}

function reservationDraft(job: MailJob, context: RenderContext): Draft {
  const { data } = job;
  const room = str(data, 'roomName');
  const when = `od ${date(data, 'startsAt')} do ${date(data, 'endsAt')}`;
  const isPublic = data['public'] === true;
  const uuid = str(data, 'uuid');
  const page = `${context.portalUrl}${isPublic ? '/zasedacky' : '/zasedaci-mistnosti'}`;
  const cancelled = job.kind === 'reservation-cancelled-by-staff';
  const calendar: MailMessage['calendar'] = {
    method: cancelled ? 'CANCEL' : 'REQUEST',
    filename: 'rezervace.ics',
    content: mailEvent({
      uid: `reservation-${uuid}@${new URL(context.portalUrl).hostname}`,
      // A visitor's own title is never quoted to their unconfirmed address (docs/security.md).
      title: str(data, 'title') === '' || isPublic ? `Rezervace: ${room}` : str(data, 'title'),
      description: `Zasedací místnost ${room}`,
      location: str(data, 'building') === '' ? room : `${room}, ${str(data, 'building')}`,
      start: new Date(str(data, 'startsAt')),
      end: new Date(str(data, 'endsAt')),
      sequence: cancelled ? 1 : 0,
      method: cancelled ? 'CANCEL' : 'REQUEST',
      url: page,
      organizer: context.organizer,
    }),
  };
  const thread = `reservation-${uuid}`;
  switch (job.kind) {
    case 'public-reservation': {
      const link = `${context.portalUrl}/zasedacky?zrusit=${uuid}&token=${str(data, 'cancelToken')}`;
      return {
        subject: `Rezervace místnosti ${room}`,
        thread,
        calendar,
        lines: [
          'Dobrý den,',
          '',
          `potvrzujeme rezervaci místnosti ${room} ${when}.`,
          '',
          `Číslo rezervace: ${uuid}`,
          `Kód pro zrušení: ${str(data, 'cancelToken')}`,
          `Rezervaci zrušíte na adrese: ${link}`,
        ],
      };
    }
    case 'reservation-confirmed':
      return {
        subject: `Rezervace místnosti ${room}`,
        thread,
        calendar,
        lines: ['Dobrý den,', '', `potvrzujeme rezervaci místnosti ${room} ${when}.`, '', `Vaše rezervace: ${page}`],
      };
    case 'reservation-reminder':
      return {
        subject: `Připomenutí: rezervace místnosti ${room}`,
        thread,
        lines: ['Dobrý den,', '', `připomínáme vaši rezervaci místnosti ${room} ${when}.`, '', `Rezervace: ${page}`],
      };
    default:
      return {
        subject: `Zrušená rezervace místnosti ${room}`,
        thread,
        calendar,
        lines: [
          'Dobrý den,',
          '',
          `správa budovy zrušila rezervaci místnosti ${room} ${when}.`,
          '',
          `Důvod: ${str(data, 'reason')}`,
          '',
          'Omlouváme se za komplikace. Jiný termín si můžete zarezervovat na portálu.',
          page,
        ],
      };
  }
}
