import type Mail from 'nodemailer/lib/mailer/index.js';

/** One outgoing mail as the templates (mail/templates.ts) write it; the transport adds the rest. */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; line breaks may be `\n`. The HTML part is made from it (see htmlOf). */
  text: string;
  /** Machine-readable kind, written as `X-Portal-Mail-Type` so tools and tests can find a mail. */
  type: string;
  /**
   * The conversation the mail belongs to (`ticket-12`, `public-request-7`, `reservation-<uuid>`):
   * every mail of one thread refers to the same root Message-ID, so mail clients group them.
   */
  thread?: string | undefined;
  /**
   * Unique to this one mail however often it is tried (the mail job's id): a retry after an
   * answer that got lost carries the same Message-ID, so the receiving side can drop the copy.
   * Without it, each send gets a random one.
   */
  uniqueKey?: string | undefined;
  /** RFC 8058 one-click unsubscribe address of this mail's kind; absent for security mail. */
  unsubscribeUrl?: string | undefined;
  /** An iCalendar object sent with the mail (a visit, a reservation) and its METHOD. */
  calendar?: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; content: string; filename: string } | undefined;
}

export const MAIL_FROM = 'Portál nájemníka <no-reply@portal.invalid>';

/** The domain part of the portal's Message-IDs: the host of PORTAL_URL. */
export function messageIdDomain(portalUrl: string): string {
  return new URL(portalUrl).hostname || 'portal.invalid';
}

/** Header values come from data: a line break would let it inject headers. */
function headerValue(value: string): string {
  if (/[\r\n]/.test(value)) throw new Error('Mail header values must not contain line breaks.');
  return value;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The HTML alternative of a plain-text mail: its paragraphs, with every address a link. Made
 * from the text, so both parts always say the same.
 */
export function htmlOf(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) =>
      escapeHtml(paragraph)
        .replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>\n'),
    )
    .map((paragraph) => `<p>${paragraph}</p>`);
  return [
    '<!doctype html>',
    '<html lang="cs"><head><meta charset="utf-8"></head>',
    '<body style="font-family: sans-serif; line-height: 1.5">',
    ...paragraphs,
    '</body></html>',
  ].join('\n');
}

/**
 * nodemailer's options for a message, the same for SMTP and the outbox: text + HTML, the
 * thread headers, `X-Portal-Mail-Type`, the RFC 8058 unsubscribe headers and the calendar.
 * @see {@link https://nodemailer.com/message/} (message options)
 */
export function nodemailerOptions(message: MailMessage, from: string, portalUrl: string): Mail.Options {
  const domain = messageIdDomain(portalUrl);
  const headers: Record<string, string> = { 'X-Portal-Mail-Type': headerValue(message.type) };
  const options: Mail.Options = {
    from,
    to: headerValue(message.to),
    subject: headerValue(message.subject),
    text: message.text,
    html: htmlOf(message.text),
    headers,
  };
  if (message.thread !== undefined) {
    const root = `<${headerValue(message.thread)}@${domain}>`;
    options.inReplyTo = root;
    options.references = [root];
  }
  if (message.unsubscribeUrl !== undefined) {
    options.list = { unsubscribe: { url: headerValue(message.unsubscribeUrl), comment: 'Odhlásit odběr' } };
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  if (message.calendar !== undefined) {
    options.icalEvent = {
      method: message.calendar.method,
      filename: message.calendar.filename,
      content: message.calendar.content,
    };
  }
  return options;
}
