/** Practical assessment: tasks, assessment points (考核点) and inspection items (检查项). */
export const practicalZh = {
  'practical.title.required': '请输入实训考核名称',
  'practical.invalid': '所选实训考核不存在',
  'practical.readOnly': '这是其他教师的实训考核，您只能查看或引用',
  'practical.ownerOnly': '只有实训考核的创建者才能发布、共享或删除它',
  'practical.shareSelf': '不能把实训考核共享给自己',
  'practical.shared': '该实训考核已共享给这位教师或这所学校，请修改原有的共享',
  'practical.point.name': '请输入考核点名称',
  'practical.point.rule': '评分方式应为全对得分、按比例、分段或评委评分',
  'practical.point.bounds': '评委评分的范围应在 0 与本考核点分值之间，且最低分不高于最高分',
  'practical.point.bands': '分段评分需要至少一个分段',
  'practical.point.invalid': '所选考核点不存在或不属于这个实训考核',
  'practical.inspection.name': '请输入检查项名称',
  'practical.inspection.number': '请填写数字，如 25.00、-0.02',
  'practical.inspection.nominal': '请填写基本尺寸（名义值）',
  'practical.inspection.resolution': '请填写量具的分度值，且应大于 0（如游标卡尺 0.02、千分尺 0.01）',
  'practical.inspection.deviation': '偏差应为数字，如 -0.02、+0.01',
  'practical.inspection.noTolerance': '请至少填写上偏差或下偏差中的一个',
  'practical.inspection.order': '下偏差应小于上偏差',
  'practical.inspection.bands':
    '分段得分应由近到远排列：范围依次增大、得分比例依次减小，范围大于 0，比例在 0 到 1 之间',
};

export const practicalEn: Record<keyof typeof practicalZh, string> = {
  'practical.title.required': 'Enter the task’s title',
  'practical.invalid': 'The selected practical task does not exist',
  'practical.readOnly': 'This is another teacher’s practical task: you may view or quote it',
  'practical.ownerOnly': 'Only the task’s author may publish, share or delete it',
  'practical.shareSelf': 'You cannot share a task with yourself',
  'practical.shared': 'The task is already shared with this teacher or school: change that share instead',
  'practical.point.name': 'Enter the assessment point’s name',
  'practical.point.rule': 'Scoring is all or nothing, proportional, banded or by the examiner',
  'practical.point.bounds':
    'The examiner’s range lies between 0 and the point’s score, its lowest not above its highest',
  'practical.point.bands': 'Banded scoring needs at least one band',
  'practical.point.invalid': 'The selected assessment point does not exist or belongs to another task',
  'practical.inspection.name': 'Enter the inspection item’s name',
  'practical.inspection.number': 'Enter a number, such as 25.00 or -0.02',
  'practical.inspection.nominal': 'Enter the nominal value',
  'practical.inspection.resolution': 'Enter the instrument’s resolution, above 0 (a caliper 0.02, a micrometer 0.01)',
  'practical.inspection.deviation': 'A deviation is a number, such as -0.02 or +0.01',
  'practical.inspection.noTolerance': 'Enter an upper or a lower deviation, or both',
  'practical.inspection.order': 'The lower deviation must be below the upper one',
  'practical.inspection.bands':
    'Score bands go from closest to farthest: each wider than the last and giving less, wider than 0, giving between 0 and 1',
};
