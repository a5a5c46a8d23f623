import { questionLib, questionLibPermission } from '../../db/schema/index.ts';
import { defineShareable } from '../academic/academic.api.ts';

/**
 * Who may read or change a question library (and so its questions): its owner, teachers and schools it is shared
 * with (to read or to edit), everyone when it is public, administrators all; only the owner publishes and shares it.
 */
export const libraryPolicy = defineShareable({
  table: questionLib,
  shares: { table: questionLibPermission, target: questionLibPermission.libId },
  messages: {
    invalid: 'questionLib.invalid',
    readOnly: 'questionLib.readOnly',
    ownerOnly: 'questionLib.ownerOnly',
    self: 'questionLib.shareSelf',
    shared: 'questionLib.shared',
  },
});
