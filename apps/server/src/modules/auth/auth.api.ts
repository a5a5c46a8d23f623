/** What other modules may use of sign-in: client credentials, social sign-in tickets and the providers' secret field. */
export { authenticateClient } from './client-auth.ts';
export { SOCIAL_SECRET } from './social/provider.ts';
export { peekTicket, type SocialTicket, spendTicket } from './social/state.ts';
