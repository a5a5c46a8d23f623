import type { socialProviderFormSchema } from '@shixun/contracts';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import { badRequest } from '../../../core/http/errors.ts';
import type { socialProvider } from '../../../db/schema/index.ts';
import { SOCIAL_SECRET } from '../../auth/auth.api.ts';

const ENDPOINTS = ['authorizeUrl', 'tokenUrl', 'userInfoUrl'] as const;

/** The client secret is sealed before it is stored; a generic provider must say where its endpoints are. */
export const socialHooks: ResourceHooks<typeof socialProviderFormSchema, typeof socialProvider.$inferSelect> = {
  async beforeSave({ values, existing, secrets }) {
    if (typeof values.clientSecret === 'string') {
      values.clientSecretEnc = secrets.seal(SOCIAL_SECRET, values.clientSecret);
    }
    delete values.clientSecret;
    const preset = values.preset ?? existing?.preset;
    if (preset === 'generic' && ENDPOINTS.some((key) => !(values[key] ?? existing?.[key]))) {
      throw badRequest('social.endpoints.required');
    }
  },
};
