import { z } from 'zod';
import { requiredText } from '@/lib/validation/primitives';

export const CreateAccountBodySchema = z.object({ name: requiredText(200) }).meta({ id: 'CreateAccountRequest' });

export const CreatedAccountSchema = z
  .object({
    data: z.object({
      id: z.string(),
      name: z.string(),
      api_key: z.string().meta({ description: 'Shown once; only its hash is stored' }),
      webhook_secret: z.string().meta({ description: 'Standard Webhooks signing secret (`whsec_…`)' }),
    }),
  })
  .meta({ id: 'CreatedAccount' });
