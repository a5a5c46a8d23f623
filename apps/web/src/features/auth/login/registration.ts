/** The third-party registration form (SPEC §3 "Registration form"). */
export interface RegistrationForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

/**
 * SPEC §5, in this order: tenant id (when the form shows it), account, both passwords, then that they match.
 * Answers the catalog key of the first problem, or undefined.
 */
export function registrationProblem(form: RegistrationForm, tenantShown: boolean): string | undefined {
  if (tenantShown && !form.tenantId.trim()) return 'social.tenantFirst';
  if (!form.account.trim()) return 'social.accountFirst';
  if (!form.password || !form.password2) return 'social.passwordFirst';
  if (form.password !== form.password2) return 'social.passwordsDiffer';
  return undefined;
}
