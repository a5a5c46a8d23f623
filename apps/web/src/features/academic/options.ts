import { clazzApi, flagApi, teacherApi } from '../../api/exam.ts';

/** The schools the signed-in user may see, as select options. */
export const schoolOptions = async () => (await clazzApi.tree()).map((s) => ({ label: s.title, value: s.id }));

/** The tenant's teachers as select options (name and account), for head teachers. */
export const teacherOptions = async () =>
  (await teacherApi.select()).map((x) => ({ label: `${x.realName}（${x.account}）`, value: x.id }));

/** The direction (专业方向) tree for a tree select. */
export const directionTree = () => flagApi.tree('direction');
