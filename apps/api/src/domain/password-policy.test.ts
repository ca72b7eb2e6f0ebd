import { describe, expect, it } from 'vitest';
import { checkPassword } from './password-policy.js';

const OWNER = { email: 'karel.dvorak@example.cz', firstName: 'Karel', lastName: 'Dvořák' };

async function codes(password: string): Promise<string[]> {
  return (await checkPassword(password, OWNER)).map((problem) => problem.code);
}

describe('checkPassword', () => {
  it('refuses passwords from the common and breached lists, Czech favourites included', async () => {
    for (const password of [
      'Summer2024',
      'Summer2024!',
      'password123',
      'qwertzuiop',
      'Heslo123!',
      'heslo1234',
      'Praha2024',
    ]) {
      expect(await codes(password), password).toContain('password_too_common');
    }
  });

  it('explains the refusal in Czech', async () => {
    const [problem] = await checkPassword('Summer2024', OWNER);
    expect(problem).toEqual({
      code: 'password_too_common',
      message:
        'Toto heslo je mezi běžně používanými nebo uniklými hesly. Zvolte jiné, nejlépe několik nesouvisejících slov.',
    });
    const [guessable] = await checkPassword('Praha2024', OWNER);
    expect(guessable?.message).toBe(
      'Heslo je příliš snadné uhodnout. Zvolte delší heslo, nejlépe několik nesouvisejících slov.',
    );
  });

  it('accepts long passwords and passphrases that are not on the lists', async () => {
    // The new passwords other tests (unit and e2e) set.
    const used = ['Nové-heslo-2026', 'Silne-Heslo-2026', 'Jarni-uklid-2026', 'NoveHeslo2026!', 'Letni-dovolena-2026'];
    const more = ['Podzimni-plachta-2027', 'Jiné-heslo-2026', 'Puvodni-Heslo-2026', 'Nové-heslo-přes-SMTP-2026'];
    for (const password of [...used, ...more, 'korunka-Stul-77']) {
      expect(await codes(password), password).toEqual([]);
    }
  });

  it('keeps the length, digits-only and similarity rules', async () => {
    expect(await codes('krátké')).toContain('password_too_short');
    expect(await codes('1234567890')).toEqual(['password_too_common', 'password_entirely_numeric']);
    expect(await codes('karel.dvorak@example.cz')).toContain('password_too_similar');
  });
});
