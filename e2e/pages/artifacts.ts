import path from 'node:path';

/** Screenshots kept for people to look at (gitignored), wherever the runner was started from. */
export const artifact = (name: string) => path.resolve(import.meta.dirname, '../artifacts', name);
