import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * New-password rules: Django's default `AUTH_PASSWORD_VALIDATORS` (which allauth applies on
 * password reset) with their error codes, so a client can key on `password_too_short` and
 * friends as it would against the original upstream. Messages are Czech. Django's short
 * common-password list is replaced by zxcvbn's estimate (docs/security.md, "Passwords"):
 * a password on the common/breached lists, or otherwise guessable in under 10^8 tries, is
 * `password_too_common`. The rules apply to new passwords only (reset, change, new account).
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

// The portal's own Czech favourites, added to zxcvbn's dictionaries: zxcvbn-ts ships no
// Czech password list (language-cs has words and names, not passwords), and without these
// `Heslo123!` ("Password123!") would pass.
const CZECH_COMMON_PASSWORDS = [
  'heslo',
  'mojeheslo',
  'nemamheslo',
  'hesloheslo',
  'tajneheslo',
  'prosinec',
  'listopad',
  'slunicko',
  'ahojahoj',
  'milujute',
  'qwertzui',
  'qwertzuiop',
];

/** zxcvbn's score (0–4) a new password must reach: at least 10^8 guesses. */
export const MIN_PASSWORD_SCORE = 3;

const TOO_COMMON =
  'Toto heslo je mezi běžně používanými nebo uniklými hesly. Zvolte jiné, nejlépe několik nesouvisejících slov.';
const TOO_GUESSABLE = 'Heslo je příliš snadné uhodnout. Zvolte delší heslo, nejlépe několik nesouvisejících slov.';

type Estimator = Pick<ZxcvbnFactory, 'check'>;
let estimator: Promise<Estimator> | undefined;

/**
 * zxcvbn with the common/breached passwords list (language-common) and the Czech words and
 * names (language-cs). Loaded on first use: the dictionaries take a few hundred milliseconds
 * and megabytes to load, which the API's cold start does not need to pay.
 */
function loadEstimator(): Promise<Estimator> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, czech] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-cs'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...czech.dictionary, 'portal-czech': CZECH_COMMON_PASSWORDS },
      graphs: common.adjacencyGraphs,
    });
  })();
  estimator.catch(() => {
    estimator = undefined;
  });
  return estimator;
}

export async function checkPassword(password: string, owner: PasswordOwner): Promise<PasswordProblem[]> {
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
  } else {
    const strength = await estimateStrength(password, owner);
    if (strength !== undefined) problems.push({ code: 'password_too_common', message: strength });
  }
  if (/^\d+$/.test(password)) {
    problems.push({ code: 'password_entirely_numeric', message: 'Heslo nesmí obsahovat jen číslice.' });
  }
  return problems;
}

/** The Czech reason a password is too weak, or undefined when it reaches {@link MIN_PASSWORD_SCORE}. */
async function estimateStrength(password: string, owner: PasswordOwner): Promise<string | undefined> {
  // zxcvbn's time grows with the length; nobody remembers a longer password that is weak.
  if (password.length > 100) return undefined;
  const result = (await loadEstimator()).check(password, [owner.email, owner.firstName, owner.lastName]);
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const listed = result.sequence.some(
    (match) =>
      match.pattern === 'dictionary' &&
      (match.dictionaryName === 'passwords-common' || match.dictionaryName === 'portal-czech'),
  );
  return listed ? TOO_COMMON : TOO_GUESSABLE;
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
