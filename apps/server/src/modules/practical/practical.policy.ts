import { practicalPaper, practicalPaperPermission } from '../../db/schema/index.ts';
import { defineShareable } from '../academic/academic.api.ts';

/**
 * Who may read or change a practical task (and so its points and inspection items): as for papers — its owner, the
 * teachers and schools it is shared with (to read or to edit), everyone once it is published, administrators all;
 * only the owner publishes, shares or deletes it.
 */
export const practicalPolicy = defineShareable({
  table: practicalPaper,
  shares: { table: practicalPaperPermission, target: practicalPaperPermission.paperId },
  messages: {
    invalid: 'practical.invalid',
    readOnly: 'practical.readOnly',
    ownerOnly: 'practical.ownerOnly',
    self: 'practical.shareSelf',
    shared: 'practical.shared',
  },
});
