/**
 * Names of the roles the product creates, by alias, in both languages: the platform's superuser role, each tenant's
 * administrator and the teaching roles.
 */
export const SEEDED_ROLE_NAMES = {
  administrator: { roleName: '超级管理员', roleNameEn: 'Super administrator' },
  admin: { roleName: '管理员', roleNameEn: 'Administrator' },
  teacher: { roleName: '教师', roleNameEn: 'Teacher' },
  student: { roleName: '学生', roleNameEn: 'Student' },
} as const;

/** The platform tenant's name, in both languages. */
export const PLATFORM_TENANT_NAME = { tenantName: '平台管理', tenantNameEn: 'Platform administration' } as const;
