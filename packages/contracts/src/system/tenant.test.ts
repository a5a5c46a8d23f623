import { describe, expect, it } from 'vitest';
import { tenantFormSchema, tenantSettingSchema } from './tenant.ts';

describe('tenant quota', () => {
  it('a cleared quota input is "not entered", never a quota of 0', () => {
    expect(tenantFormSchema.parse({ tenantName: '实训学校', accountNumber: null }).accountNumber).toBeUndefined();
    expect(tenantFormSchema.parse({ tenantName: '实训学校', accountNumber: '' }).accountNumber).toBeUndefined();
    expect(tenantSettingSchema.parse({ ids: '1', accountNumber: '' }).accountNumber).toBeUndefined();
  });

  it('is -1 (unlimited) or a whole number from 0', () => {
    expect(tenantFormSchema.parse({ tenantName: 't', accountNumber: -1 }).accountNumber).toBe(-1);
    expect(tenantSettingSchema.parse({ ids: '1', accountNumber: '50' }).accountNumber).toBe(50);
    for (const bad of [-2, 1.5, 'many']) {
      const result = tenantFormSchema.safeParse({ tenantName: 't', accountNumber: bad });
      expect(result.error?.issues[0]?.message).toBe('validation.invalid');
    }
  });
});
