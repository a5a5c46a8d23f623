import { messages } from '@shixun/contracts';

export { pageCatalog } from './pages.ts';
/** The contracts' catalog: validation and server messages, keyed once for server and web. */
export const sharedCatalog = messages;
