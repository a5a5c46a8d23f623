import { questionLibPermissionFormSchema, questionLibPermissionSchema } from '@shixun/contracts';
import { libraryPolicy } from './library.policy.ts';

/**
 * 题库共享 (`/api/jd/pc/question_lib_permission`): a library shared with one teacher (a user id) or a whole school,
 * to read or to edit. Only the library's owner (or an administrator) sees and changes its shares.
 */
export const questionLibPermissionResource = libraryPolicy.shareResource({
  name: 'question_lib_permission',
  basePath: '/api/jd/pc/question_lib_permission',
  form: questionLibPermissionFormSchema,
  schema: questionLibPermissionSchema,
  targetKey: 'libId',
});
