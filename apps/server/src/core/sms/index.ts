import { SMS_CATEGORIES } from '@shixun/contracts';
import { aliyunSms } from './aliyun.ts';
import type { SmsDriver } from './driver.ts';
import { qiniuSms } from './qiniu.ts';
import { tencentSms } from './tencent.ts';
import { yunpianSms } from './yunpian.ts';

export { baseUrl, type SmsDriver, SmsFailure, type SmsMessage, type SmsSettings } from './driver.ts';

/** Each provider of the `sms` dictionary behind the one driver interface. */
export const smsDrivers: Record<number, SmsDriver> = {
  [SMS_CATEGORIES.yunpian]: yunpianSms,
  [SMS_CATEGORIES.qiniu]: qiniuSms,
  [SMS_CATEGORIES.aliyun]: aliyunSms,
  [SMS_CATEGORIES.tencent]: tencentSms,
};
