/** Logs (blade-log) and the front-end error log upload. */
export const logZh = {
  'log.type.required': '日志类型不能为空',
  'log.upload.array': '日志必须是数组',
  'log.upload.empty': '没有要上传的日志',
  'log.upload.tooMany': '一次最多上传 200 条日志',
  'log.upload.throttled': '日志上传过于频繁，请稍后再试',
} as const;

export const logEn: Record<keyof typeof logZh, string> = {
  'log.type.required': 'The log type is required',
  'log.upload.array': 'The logs must be an array',
  'log.upload.empty': 'There are no logs to upload',
  'log.upload.tooMany': 'At most 200 logs can be uploaded at once',
  'log.upload.throttled': 'Logs were uploaded too often; please try again later',
};
