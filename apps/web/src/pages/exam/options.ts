import { flagApi, teacherApi } from '../../api/exam.ts';

/** The tenant's teachers as select options (name and account), for head teachers. */
export const teacherOptions = async () =>
  (await teacherApi.list({ current: 1, size: 200 })).records.map((x) => ({
    label: `${x.realName}（${x.account}）`,
    value: x.id,
  }));

/** The direction (专业方向) tree for a tree select. */
export const directionTree = () => flagApi.tree('direction');
