import { db } from '@/lib/platform/server/db/client';
import { generateApiKey } from '@/lib/platform/server/auth/api-key';
import { newId } from '@/lib/platform/server/ids/new-id';
import { generateWebhookSecret } from '@/lib/platform/server/signing/webhook-signing';

/** Creates a vendor account with its first API key (returned once) and its webhook secret. */
export async function createAccount(options: { name: string }) {
  const apiKey = generateApiKey();
  const account = await db().account.create({
    data: {
      id: newId('acc'),
      name: options.name,
      webhookSecret: generateWebhookSecret(),
      apiKeys: { create: { id: newId('key'), name: 'Default key', prefix: apiKey.prefix, hash: apiKey.hash } },
    },
    select: { id: true, name: true, webhookSecret: true },
  });
  return { id: account.id, name: account.name, api_key: apiKey.key, webhook_secret: account.webhookSecret };
}
