import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmsProvider, startSmsProvider } from '../../test/sms-provider.ts';
import { aliyunSignature, aliyunSms } from './aliyun.ts';
import type { SmsDriver, SmsSettings } from './driver.ts';
import { qiniuSms } from './qiniu.ts';
import { tencentAuthorization, tencentSms } from './tencent.ts';
import { yunpianSms, yunpianTplValue } from './yunpian.ts';

describe('signatures match the providers’ published examples', () => {
  it('Alibaba Cloud RPC v1 (the DescribeRegions example: testid / testsecret)', () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(aliyunSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('Tencent Cloud TC3-HMAC-SHA256 (the CVM DescribeInstances example)', () => {
    const auth = tencentAuthorization({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      contentType: 'application/json; charset=utf-8',
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      timestamp: 1551113065,
    });
    expect(auth).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('Yunpian template values are #name#=value pairs, both sides encoded', () => {
    expect(yunpianTplValue({ code: '1234', company: '实训&学校' })).toBe(
      '%23code%23=1234&%23company%23=%E5%AE%9E%E8%AE%AD%26%E5%AD%A6%E6%A0%A1',
    );
  });
});

describe('each driver against a local provider that checks the signature and the request', () => {
  let provider: SmsProvider;
  beforeAll(async () => {
    provider = await startSmsProvider();
  });
  afterAll(() => provider.close());

  const settings = (extra: Partial<SmsSettings> = {}): SmsSettings => ({
    accessKey: provider.accessKey,
    secretKey: provider.secretKey,
    templateId: 'SMS_154950909',
    signName: '实训学校',
    regionId: '',
    appId: '1400006666',
    endpoint: provider.endpoint,
    ...extra,
  });
  const message = { phones: ['13800138000', '13900139000'], params: { code: '8 & 6', minutes: '5' } };

  it.each([
    ['aliyun', aliyunSms, 'SignatureDoesNotMatch'],
    ['tencent', tencentSms, 'AuthFailure.SignatureFailure'],
    ['qiniu', qiniuSms, 'BadToken'],
    ['yunpian', yunpianSms, '-1'],
  ] as [string, SmsDriver, string][])(
    '%s: sent when signed right, refused with the provider’s code when not',
    async (name, driver, refusal) => {
      const before = provider.calls.length;
      await driver.send(settings(), message);
      const call = provider.calls.at(-1)!;
      expect(provider.calls).toHaveLength(before + 1);
      expect(call.provider).toBe(name);
      expect(call.phones).toEqual(message.phones);
      expect(call.templateId).toBe('SMS_154950909');
      expect(call.params).toEqual(name === 'tencent' ? ['8 & 6', '5'] : message.params);
      await expect(driver.send(settings({ secretKey: 'a-wrong-secret' }), message)).rejects.toMatchObject({
        reason: refusal,
      });
      expect(provider.calls).toHaveLength(before + 1);
    },
  );

  it('sends the provider-specific fields: sign name, region, SDK app id', async () => {
    await aliyunSms.send(settings({ regionId: 'cn-shanghai' }), message);
    expect(provider.calls.at(-1)).toMatchObject({ signName: '实训学校', region: 'cn-shanghai' });
    await tencentSms.send(settings(), message);
    expect(provider.calls.at(-1)).toMatchObject({ signName: '实训学校', appId: '1400006666', region: 'ap-guangzhou' });
  });

  it('an unreachable provider is a failure with a network code, not a hang', async () => {
    const closed = await startSmsProvider();
    await closed.close();
    await expect(aliyunSms.send(settings({ endpoint: closed.endpoint }), message)).rejects.toMatchObject({
      reason: 'ECONNREFUSED',
    });
  });

  it('defaults to the providers’ public hosts', () => {
    expect(aliyunSms.defaultEndpoint).toBe('https://dysmsapi.aliyuncs.com');
    expect(tencentSms.defaultEndpoint).toBe('https://sms.tencentcloudapi.com');
    expect(qiniuSms.defaultEndpoint).toBe('https://sms.qiniuapi.com');
    expect(yunpianSms.defaultEndpoint).toBe('https://sms.yunpian.com');
  });
});
