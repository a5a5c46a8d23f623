/** Practical assessment: tasks, assessment points (考核点) and inspection items (检查项). */
export const practicalZh = {
  'practical.inspection.nominal': '请填写基本尺寸（名义值）',
  'practical.inspection.resolution': '请填写量具的分度值，且应大于 0（如游标卡尺 0.02、千分尺 0.01）',
  'practical.inspection.deviation': '偏差应为数字，如 -0.02、+0.01',
  'practical.inspection.noTolerance': '请至少填写上偏差或下偏差中的一个',
  'practical.inspection.order': '下偏差应小于上偏差',
  'practical.inspection.bands':
    '分段得分应由近到远排列：范围依次增大、得分比例依次减小，范围大于 0，比例在 0 到 1 之间',
};

export const practicalEn: Record<keyof typeof practicalZh, string> = {
  'practical.inspection.nominal': 'Enter the nominal value',
  'practical.inspection.resolution': 'Enter the instrument’s resolution, above 0 (a caliper 0.02, a micrometer 0.01)',
  'practical.inspection.deviation': 'A deviation is a number, such as -0.02 or +0.01',
  'practical.inspection.noTolerance': 'Enter an upper or a lower deviation, or both',
  'practical.inspection.order': 'The lower deviation must be below the upper one',
  'practical.inspection.bands':
    'Score bands go from closest to farthest: each wider than the last and giving less, wider than 0, giving between 0 and 1',
};
