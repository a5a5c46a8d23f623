/**
 * Every permission code the server checks and the web hides buttons by (SPEC §6), declared once: a code that is not
 * here does not compile, on either side. Pages carry the four CRUD buttons; some carry more.
 */
export const CRUD_RESOURCES = [
  'param',
  'post',
  'dict',
  'dict_biz',
  'role',
  'dept',
  'user',
  'tenant',
  'tenant_package',
  'data_scope',
  'api_scope',
  'menu',
  'topmenu',
  'client',
  'region',
  'notice',
  'oss',
  'attach',
  'sms',
  'social',
  'school',
  'schoolyear',
  'term',
  'clazz',
  'student',
  'teacher',
  'flag',
  'question_lib',
  'question_lib_permission',
  'question',
  'question_item',
  'question_inst',
  'question_item_inst',
  'paper',
  'paper_title',
  'paper_question',
  'paper_permission',
  'paper_teacher',
  'paper_teacher_question',
  'paper_student',
  'paper_student_question',
  'wrongbook',
  'practical_paper',
  'practical_paper_permission',
  'practical_teacher',
  'practical_student',
  'practical_student_inspection',
  'practical_student_point',
  'practical_point',
  'practical_inspection',
  'filejob',
  'filejob_permission',
  'filejob_teacher',
  'filejob_student',
] as const;
export type CrudResource = (typeof CRUD_RESOURCES)[number];

export const CRUD_ACTIONS = ['view', 'add', 'edit', 'delete'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];

/** Buttons beyond the four. */
export const EXTRA_PERMISSIONS = [
  'role_grant',
  'user_role',
  'user_reset',
  'user_platform',
  'user_import',
  'user_export',
  'topmenu_grant',
  'sms_send',
  'clazz_qrcode',
  'student_import',
  'student_export',
  'student_reset',
  'teacher_import',
  'teacher_rela',
  'question_lib_quote',
  'question_import',
  'question_export',
  'paper_quote',
  'paper_download',
  'paper_qrcode',
  'paper_teacher_release',
  'paper_teacher_exception',
  'paper_teacher_results',
  'paper_mark',
  'practical_paper_quote',
  'practical_teacher_release',
  'practical_teacher_results',
  'practical_student_answer',
  'practical_student_correct',
  'filejob_quote',
  'filejob_teacher_release',
  'filejob_teacher_extension',
  'filejob_teacher_zip',
  'filejob_student_mark',
] as const;
export type ExtraPermission = (typeof EXTRA_PERMISSIONS)[number];

export type PermissionCode = `${CrudResource}_${CrudAction}` | ExtraPermission;

/** The four CRUD codes of a resource. */
export function crudPermissions<R extends CrudResource>(resource: R): Record<CrudAction, `${R}_${CrudAction}`> {
  return {
    view: `${resource}_view`,
    add: `${resource}_add`,
    edit: `${resource}_edit`,
    delete: `${resource}_delete`,
  };
}
