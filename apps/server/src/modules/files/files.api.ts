/** What other modules may use of files: the attachment resource (counted on the dashboard). */
export { attachResource } from './attach/attach.resource.ts';
