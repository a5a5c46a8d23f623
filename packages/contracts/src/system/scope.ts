import { z } from 'zod';
import { auditSchema, idSchema, remarkSchema, statusSchema } from '../common.ts';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/** 数据权限 types (dictionary `data_scope_type`): which rows of a resource a role's holders see. */
export const DATA_SCOPE_TYPE = {
  /** 全部可见: no restriction. */
  all: 1,
  /** 本人可见: rows the user created. */
  self: 2,
  /** 所在机构可见: rows of the user's dept. */
  ownDept: 3,
  /** 所在机构及子级可见: rows of the user's dept and every dept below it. */
  deptAndChildren: 4,
  /** 自定义: rows of the listed depts. */
  custom: 5,
} as const;

const resourceCode = required('scope.resourceCode.required')
  .max(50, { error: 'validation.tooLong' })
  .regex(/^[a-z][a-z0-9_]*$/, { error: 'scope.resourceCode.format' });

/**
 * A data-scope rule: holders of a role granted it see only the rows of `resourceCode` that the rule allows. Rules
 * hang off a menu (the page they belong to) so the grant dialog can show them under it.
 */
export const dataScopeFormSchema = z.object({
  menuId: idSchema,
  resourceCode,
  scopeName: required('scope.scopeName.required').max(100, { error: 'validation.tooLong' }),
  scopeType: z.coerce
    .number({ error: 'scope.scopeType.required' })
    .int({ error: 'scope.scopeType.required' })
    .min(1, { error: 'scope.scopeType.required' })
    .max(5, { error: 'scope.scopeType.required' }),
  /** For 自定义: the dept ids, comma separated. Ignored by the other types. */
  scopeValue: z.string().trim().max(4000, { error: 'validation.tooLong' }).optional(),
  remark: remarkSchema.optional(),
  status: statusSchema.optional(),
});
export type DataScopeForm = z.infer<typeof dataScopeFormSchema>;

export const dataScopeSchema = auditSchema.extend({
  tenantId: z.string(),
  menuId: z.string(),
  resourceCode: z.string(),
  scopeName: z.string(),
  scopeType: z.number(),
  scopeValue: z.string(),
  remark: z.string(),
});
export type DataScope = z.infer<typeof dataScopeSchema>;

/**
 * An API-scope rule: once a tenant declares a scope for a path, only holders of a role granted that scope may call
 * it (on top of the button permission the endpoint needs). `/**` at the end covers everything below.
 */
export const apiScopeFormSchema = z.object({
  menuId: idSchema,
  resourceCode,
  scopeName: required('scope.scopeName.required').max(100, { error: 'validation.tooLong' }),
  scopePath: required('scope.scopePath.required')
    .max(255, { error: 'validation.tooLong' })
    .regex(/^\/api((\/[A-Za-z0-9_:-][A-Za-z0-9_.:-]*)+(\/\*\*)?|\/\*\*)$/, { error: 'scope.scopePath.format' }),
  /** 1 系统接口, 2 业务接口 (dictionary `api_scope_type`). */
  scopeType: z.coerce
    .number({ error: 'validation.invalid' })
    .int()
    .min(1, { error: 'validation.invalid' })
    .max(2, { error: 'validation.invalid' })
    .optional(),
  remark: remarkSchema.optional(),
  status: statusSchema.optional(),
});
export type ApiScopeForm = z.infer<typeof apiScopeFormSchema>;

export const apiScopeSchema = auditSchema.extend({
  tenantId: z.string(),
  menuId: z.string(),
  resourceCode: z.string(),
  scopeName: z.string(),
  scopePath: z.string(),
  scopeType: z.number(),
  remark: z.string(),
});
export type ApiScope = z.infer<typeof apiScopeSchema>;

/** A resource whose lists can be limited by data scopes, and which rule types it supports. */
export interface DataScopedResource {
  code: string;
  types: number[];
}
