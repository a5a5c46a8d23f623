import { describe, expect, it } from 'vitest';
import { type RegistrationForm, registrationProblem } from './registration.ts';

const form = (over: Partial<RegistrationForm> = {}): RegistrationForm => ({
  tenantId: '000000',
  name: '张三',
  account: 'zhangsan',
  password: 'secret-1',
  password2: 'secret-1',
  ...over,
});

describe('third-party registration checks (SPEC §5 order)', () => {
  it('asks for the tenant first, only when the form shows it', () => {
    const empty = form({ tenantId: ' ', account: '', password: '', password2: 'x' });
    expect(registrationProblem(empty, true)).toBe('social.tenantFirst');
    expect(registrationProblem(empty, false)).toBe('social.accountFirst');
  });

  it('then the account, then both passwords, then that they match', () => {
    expect(registrationProblem(form({ account: '  ', password: '' }), true)).toBe('social.accountFirst');
    expect(registrationProblem(form({ password: '', password2: 'a' }), true)).toBe('social.passwordFirst');
    expect(registrationProblem(form({ password2: '' }), true)).toBe('social.passwordFirst');
    expect(registrationProblem(form({ password2: 'secret-2' }), true)).toBe('social.passwordsDiffer');
    expect(registrationProblem(form(), true)).toBeUndefined();
  });
});
