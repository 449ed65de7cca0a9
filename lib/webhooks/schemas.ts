import { z } from 'zod';
import { HttpUrlSchema } from '@/lib/validation/primitives';

export const RegisterWebhookBodySchema = z
  .object({
    webhook: HttpUrlSchema.meta({
      description: 'URL that receives signed POST callbacks; it must answer the registration ping with HTTP 200',
      example: 'https://example.com/hooks/dispatch',
    }),
  })
  .meta({ id: 'RegisterWebhookRequest' });
