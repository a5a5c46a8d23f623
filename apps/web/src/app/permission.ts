import { type CrudAction, type CrudResource, crudPermissions } from '@shixun/contracts';
import { useAuth } from '../stores/auth.ts';

/** Which of `{biz}_view|_add|_edit|_delete` the user holds; the web hides what the server would refuse. */
export function useCrudPermissions(biz: CrudResource): Record<CrudAction, boolean> {
  const permission = useAuth((s) => s.permission);
  const codes = crudPermissions(biz);
  return {
    view: Boolean(permission[codes.view]),
    add: Boolean(permission[codes.add]),
    edit: Boolean(permission[codes.edit]),
    delete: Boolean(permission[codes.delete]),
  };
}
