import type { MailMessage } from '../../../../plugins/app/mailer.js';

/** Czech texts of the password mails (the only interface language, docs/product.md §1). */

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    type: 'password-reset',
    subject: 'Obnovení hesla k portálu nájemců',
    text: [
      'Dobrý den,',
      '',
      `obdrželi jsme žádost o obnovení hesla k účtu ${to} na portálu nájemců.`,
      'Nové heslo si nastavíte na této adrese:',
      '',
      link,
      '',
      'Odkaz platí 3 dny a lze jej použít jen jednou.',
      'Pokud jste o obnovení hesla nežádali, tento e-mail ignorujte – vaše heslo zůstane beze změny.',
      '',
      'S pozdravem',
      'správa portálu nájemců',
    ].join('\n'),
  };
}

export function passwordChangedMail(to: string, portalUrl: string): MailMessage {
  return {
    to,
    type: 'password-changed',
    subject: 'Heslo k portálu nájemců bylo změněno',
    text: [
      'Dobrý den,',
      '',
      `heslo k účtu ${to} na portálu nájemců bylo právě změněno a všechna přihlášení byla ukončena.`,
      '',
      'Pokud jste heslo neměnili vy, obnovte si ho ihned na adrese',
      `${portalUrl}/zapomenute-heslo`,
      'a kontaktujte správu budovy.',
      '',
      'S pozdravem',
      'správa portálu nájemců',
    ].join('\n'),
  };
}
