import type { PublicSupportCategory as Category } from '../../../domain/public-support.js';
import type { MailMessage } from '../../../plugins/app/mailer.js';

const WHAT: Record<Category, string> = {
  support: 'požadavek',
  fault_report: 'hlášení poruchy',
  order: 'objednávku',
};

/**
 * The confirmation a visitor gets when they left an e-mail address: the id and access code
 * (the only way back to the request) and a link that opens it directly. Czech, like every text.
 */
export function publicRequestCreatedMail(input: {
  to: string;
  id: number;
  accessCode: string;
  subject: string;
  category: Category;
  portalUrl: string;
}): MailMessage {
  const link = `${input.portalUrl}/verejna-podpora/${input.id}?code=${encodeURIComponent(input.accessCode)}`;
  return {
    to: input.to,
    type: 'public-support-created',
    subject: `Požadavek č. ${input.id} byl přijat`,
    text: [
      'Dobrý den,',
      '',
      `děkujeme, vaše ${WHAT[input.category]} „${input.subject}“ jsme přijali pod číslem ${input.id}.`,
      '',
      `Číslo požadavku: ${input.id}`,
      `Přístupový kód: ${input.accessCode}`,
      '',
      'Stav požadavku, odpovědi správy budovy a možnost doplnit zprávu najdete na adrese:',
      link,
      '',
      'Přístupový kód nikomu nesdělujte: kdo ho zná, může požadavek číst a psát do něj.',
      '',
      'S pozdravem',
      'správa budovy',
    ].join('\n'),
  };
}
