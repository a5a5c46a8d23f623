/** Notices (blade-desk). */
export const deskZh = {
  'notice.title.required': '请输入通知标题',
  'notice.category.required': '请选择通知类型',
  'notice.category.invalid': '所选通知类型不存在',
  'notice.releaseTime.required': '请选择发布时间',
} as const;

export const deskEn: Record<keyof typeof deskZh, string> = {
  'notice.title.required': 'Please enter the title',
  'notice.category.required': 'Please choose the notice type',
  'notice.category.invalid': 'The chosen notice type does not exist',
  'notice.releaseTime.required': 'Please choose the release time',
};
