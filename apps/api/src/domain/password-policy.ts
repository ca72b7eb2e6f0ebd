/**
 * New-password rules: Django's default `AUTH_PASSWORD_VALIDATORS` (which allauth applies on
 * password reset) with their error codes, so a client can key on `password_too_short` and
 * friends as it would against the original upstream. Messages are Czech.
 */

export const MIN_PASSWORD_LENGTH = 8;

export interface PasswordProblem {
  code: 'password_too_short' | 'password_too_common' | 'password_entirely_numeric' | 'password_too_similar';
  message: string;
}

export interface PasswordOwner {
  email: string;
  firstName: string;
  lastName: string;
}

// Django ships a 20 000-word list; the handful that matter most here, including the Czech
// favourites, keeps this module free of data files.
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwertyui',
  'qwertzui',
  'qwerty123',
  'iloveyou',
  'sunshine',
  'football',
  'baseball',
  'superman',
  'welcome1',
  'abc12345',
  'aaaaaaaa',
  '11111111',
  'heslo123',
  'heslo1234',
  'hesloheslo',
  'mojeheslo',
  'nemamheslo',
  'prosinec',
  'listopad',
  'slunicko',
  'ahojahoj',
  'milujute',
]);

export function checkPassword(password: string, owner: PasswordOwner): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (isTooSimilar(password, owner)) {
    problems.push({
      code: 'password_too_similar',
      message: 'Heslo se příliš podobá vašim osobním údajům.',
    });
  }
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    problems.push({
      code: 'password_too_short',
      message: `Heslo je příliš krátké. Musí obsahovat alespoň ${MIN_PASSWORD_LENGTH} znaků.`,
    });
  }
  if (COMMON_PASSWORDS.has(password.trim().toLowerCase())) {
    problems.push({ code: 'password_too_common', message: 'Toto heslo je příliš běžné.' });
  }
  if (/^\d+$/.test(password)) {
    problems.push({ code: 'password_entirely_numeric', message: 'Heslo nesmí obsahovat jen číslice.' });
  }
  return problems;
}

/**
 * Django's UserAttributeSimilarityValidator compares with a similarity ratio; containment of
 * a personal attribute (or the other way round) catches the same cases without the maths.
 */
function isTooSimilar(password: string, owner: PasswordOwner): boolean {
  const candidate = password.toLowerCase();
  const localPart = owner.email.split('@')[0] ?? '';
  const attributes = [owner.email, localPart, ...localPart.split(/[._+-]/), owner.firstName, owner.lastName]
    .map((value) => value.toLowerCase().trim())
    .filter((value) => value.length >= 4);
  return attributes.some(
    (value) => candidate === value || (candidate.includes(value) && value.length * 2 >= candidate.length),
  );
}
