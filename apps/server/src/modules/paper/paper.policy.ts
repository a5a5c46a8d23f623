import { paper, paperPermission } from '../../db/schema/index.ts';
import { defineShareable } from '../academic/academic.api.ts';

/**
 * Who may read or change a paper (and so its sections and questions): its owner, teachers and schools it is shared
 * with (to read — preview, download, quote — or to edit), everyone when it is published, administrators all; only
 * the owner publishes, shares or deletes it.
 */
export const paperPolicy = defineShareable({
  table: paper,
  shares: { table: paperPermission, target: paperPermission.paperId },
  messages: {
    invalid: 'paper.invalid',
    readOnly: 'paper.readOnly',
    ownerOnly: 'paper.ownerOnly',
    self: 'paper.shareSelf',
    shared: 'paper.shared',
  },
});

export type PaperRow = typeof paper.$inferSelect;
