/**
 * Ids of seeded rows. They are far below any generated snowflake id (those start above 4,194,304),
 * so re-running the seed finds its own rows and never collides with user data.
 */
export const SEED = {
  platformTenant: '1',
  saberClient: '101',
  administratorRole: '201',
  adminUser: '301',
} as const;
