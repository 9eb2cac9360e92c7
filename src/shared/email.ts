/**
 * Non-space text, at sign, then a domain of at least two dot-separated parts (docs/product.md, Sign-in). No two
 * quantifiers can take the same characters (a domain part holds no dot), so a check takes one pass however long
 * the text: `[^\s@]+\.[^\s@]+` took 72 s on 200 KB of dots (docs/security.md, Live streams and shutdown).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(email.trim());
