/**
 * The one error body of the BFF (`ErrorBody` in bff.yaml) and the error type that carries it.
 * Every 4xx/5xx the browser or an integrator sees has a machine-readable `code`, a Czech
 * `message` and, when a form field is at fault, per-field Czech messages.
 */
export interface ErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export class BffError extends Error {
  override name = 'BffError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return this.fields
      ? { code: this.code, message: this.message, fields: this.fields }
      : { code: this.code, message: this.message };
  }
}

/** `Retry-After` of a 429 whose cause named no time (every 429 carries one). */
export const DEFAULT_RETRY_AFTER_SECONDS = '60';

/** Czech texts of the BFF's own errors, in one place so they stay consistent. */
export const errorMessages = {
  notAuthenticated: 'Nejste přihlášeni.',
  sessionExpired: 'Vaše přihlášení vypršelo. Přihlaste se prosím znovu.',
  secondFactorPending: 'Dokončete prosím přihlášení ověřovacím kódem.',
  csrfMissing: 'Požadavek byl odmítnut z bezpečnostních důvodů. Obnovte stránku a zkuste to znovu.',
  originMismatch: 'Požadavek z cizího webu byl odmítnut.',
  notFound: 'Požadovaný zdroj nebyl nalezen.',
  badUrl: 'Adresa požadavku není platná.',
  tenantForbidden: 'K tomuto nájemci nemáte přístup.',
  tenantRequired: 'Nejprve vyberte nájemce.',
  staffOnly: 'Tato část portálu je určena jen pro správu budov.',
  staleVersion: 'Záznam mezitím změnil někdo jiný. Načtěte ho znovu a změnu zopakujte.',
  invalidCredentials: 'Nesprávný e-mail nebo heslo.',
  wrongPassword: 'Heslo není správné.',
  validation: 'Zkontrolujte prosím zadané údaje.',
  invalidJson: 'Tělo požadavku není platný JSON.',
  unsupportedMediaType: 'Nepodporovaný formát požadavku.',
  payloadTooLarge: 'Požadavek je příliš velký.',
  upstreamUnavailable: 'Služba je dočasně nedostupná. Zkuste to prosím za chvíli.',
  upstreamTimeout: 'Služba neodpověděla včas. Zkuste to prosím za chvíli.',
  upstreamBadResponse: 'Služba vrátila neplatnou odpověď. Zkuste to prosím za chvíli.',
  tooManyRequests: 'Příliš mnoho požadavků. Zkuste to prosím za chvíli.',
  tooManyAccessCodeFailures:
    'Příliš mnoho pokusů s nesprávným číslem požadavku nebo přístupovým kódem. Zkuste to prosím znovu za chvíli.',
  uploadQuotaExceeded: 'Z vašeho připojení už bylo dnes nahráno příliš mnoho souborů. Další můžete nahrát později.',
  accessCodeMissing: 'Zadejte přístupový kód požadavku.',
  internal: 'Došlo k neočekávané chybě. Zkuste to prosím znovu.',
  invalidResetLink: 'Odkaz pro obnovení hesla je neplatný nebo jeho platnost vypršela.',
  featureDisabled: 'Tato funkce není dostupná.',
  botCheckFailed: 'Ověření, že nejste robot, se nezdařilo. Zkuste to prosím znovu.',
  botCheckUnavailable: 'Ověření, že nejste robot, je dočasně nedostupné. Zkuste to prosím za chvíli.',
  lengthRequired: 'U nahrávaných souborů musí být uvedena velikost požadavku.',
  overloaded: 'Služba je právě přetížená. Zkuste to prosím za chvíli.',
  shuttingDown: 'Služba se právě restartuje. Zkuste to prosím za chvíli.',
} as const;
