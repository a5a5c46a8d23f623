import { filejob, filejobPermission } from '../../db/schema/index.ts';
import { defineShareable } from '../academic/academic.api.ts';

/**
 * Who may read or change a file job: as for practical tasks — its owner, the teachers and schools it is shared with
 * (to read or to edit), everyone once it is published, administrators all; only the owner publishes, shares or
 * deletes it.
 */
export const filejobPolicy = defineShareable({
  table: filejob,
  shares: { table: filejobPermission, target: filejobPermission.jobId },
  messages: {
    invalid: 'filejob.invalid',
    readOnly: 'filejob.readOnly',
    ownerOnly: 'filejob.ownerOnly',
    self: 'filejob.shareSelf',
    shared: 'filejob.shared',
  },
});
