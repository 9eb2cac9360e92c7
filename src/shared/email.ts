/** Non-space text, at sign, text, dot, text (docs/product.md, Sign-in). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(email.trim());
