/** What other modules may use of accounts: quotas and passwords for the pages that make accounts, acting on users. */
export { assertQuota, insertAccounts, type NewAccount, newPasswords, takenAccounts } from './user.accounts.ts';
export { resetPasswords } from './user.reset.ts';
export { userResource } from './user.resource.ts';
export { assertMayActOn } from './user.roles.ts';
