// The password strength meter's scorer: the same estimate as the server's (server/src/register/strength.cpp),
// so the meter and the server agree on what is too weak. 0 (trivial) to 4 (strong); registration needs 2.
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;
export const MIN_SCORE = 2;

const COMMON = new Set([
  'password', 'passw0rd', 'qwerty', 'qwertyuiop', 'asdfgh', 'asdfghjkl', 'zxcvbnm', 'letmein',
  'welcome', 'iloveyou', 'admin', 'administrator', 'abc', 'monkey', 'dragon', 'football',
  'baseball', 'sunshine', 'princess', 'master', 'shopfloor', 'qazwsx', 'login', 'changeme',
]);

/** ASCII-only lower case, as the server's ascii_lower. */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

export function passwordScore(password: string, personal: string[] = []): number {
  const lower = asciiLower(password);
  const core = lower.replace(/^[^a-z]+/, '').replace(/[^a-z]+$/, '');
  if (COMMON.has(core) || COMMON.has(lower)) return 0;
  for (const word of personal) {
    const w = asciiLower(word);
    // The server compares bytes: a word of 3+ UTF-8 bytes.
    if (new TextEncoder().encode(w).length >= 3 && lower.includes(w)) return 0;
  }
  const cps = Array.from(password, (ch) => ch.codePointAt(0) ?? 0);
  let lowerC = false, upperC = false, digitC = false, symbolC = false, otherC = false;
  let effective = 0;
  cps.forEach((c, i) => {
    if (c >= 97 && c <= 122) lowerC = true;
    else if (c >= 65 && c <= 90) upperC = true;
    else if (c >= 48 && c <= 57) digitC = true;
    else if (c < 0x80) symbolC = true;
    else otherC = true;
    const prev = i > 0 ? cps[i - 1] : undefined;
    const run = prev !== undefined && (c === prev || c === prev + 1 || c + 1 === prev);
    effective += run ? 0.25 : 1;
  });
  const pool = (lowerC ? 26 : 0) + (upperC ? 26 : 0) + (digitC ? 10 : 0) + (symbolC ? 33 : 0) + (otherC ? 44 : 0);
  if (pool === 0) return 0;
  const bits = effective * Math.log2(pool);
  return bits < 28 ? 0 : bits < 36 ? 1 : bits < 50 ? 2 : bits < 64 ? 3 : 4;
}

/** The words a password must not lean on: the employee code and each part of the name. */
export const personalWords = (code: string, name: string) => [code.trim(), ...name.trim().split(' ')].filter(Boolean);

/** An email or a phone number of 9-15 digits (with +, spaces or dashes), as the server accepts. */
export function contactKind(contact: string): 'email' | 'phone' | null {
  const c = contact.trim();
  if (c.includes('@')) return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c) && c.length <= 254 ? 'email' : null;
  if (!/^\+?[0-9][0-9 -]{7,20}$/.test(c)) return null;
  const digits = c.replace(/\D/g, '').length;
  return digits >= 9 && digits <= 15 ? 'phone' : null;
}
