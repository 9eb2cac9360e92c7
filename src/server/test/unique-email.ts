let counter = 0;

/** An address no other test in this run has used, so suites sharing a database never meet: `prefix-N-time@example.com`. */
export const uniqueEmail = (prefix: string): string => `${prefix}-${++counter}-${Date.now()}@example.com`;
