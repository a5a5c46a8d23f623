import { paperPermissionFormSchema, paperPermissionSchema } from '@shixun/contracts';
import { paperPolicy } from './paper.policy.ts';

/**
 * 试卷共享 (`/api/jd/pc/paper_permission`): a paper shared with one teacher (a user id) or a whole school, to read
 * (preview, download, quote) or to edit (settings, sections, questions). Only the paper's owner (or an
 * administrator) sees and changes its shares.
 */
export const paperPermissionResource = paperPolicy.shareResource({
  name: 'paper_permission',
  basePath: '/api/jd/pc/paper_permission',
  form: paperPermissionFormSchema,
  schema: paperPermissionSchema,
  targetKey: 'paperId',
});
