import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

// A real HTTP receiver for webhook tests: records every request and answers as told.

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

/** What to answer: a status code (after `delayMs`), or `hang` to never answer. */
export type Answer = { status: number; delayMs?: number } | 'hang';

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Decides the answer to each request; 200 unless replaced. */
  answer: (request: ReceivedWebhook) => Answer;
  /** The bodies of requests that verify with `secret`, parsed (payloads are loosely typed in tests). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  verified(secret: string): { type: string; id: string; timestamp: string; sequence: number | null; payload: any }[];
  close(): Promise<void>;
}

/** A receiver that is not listening yet: `listen()` starts it and sets `url`. */
export function createWebhookReceiver(): WebhookReceiver & { listen(): Promise<void> } {
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() };
      receiver.received.push(entry);
      const answer = receiver.answer(entry);
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      setTimeout(() => response.writeHead(answer.status).end(answer.status < 300 ? 'ok' : 'nope'), answer.delayMs ?? 0);
    });
  });
  const receiver = {
    url: '',
    received: [] as ReceivedWebhook[],
    answer: (() => ({ status: 200 })) as WebhookReceiver['answer'],
    verified(secret: string) {
      const verifier = new Webhook(secret);
      return receiver.received.map((request) =>
        verifier.verify(request.body, {
          'webhook-id': String(request.headers['webhook-id']),
          'webhook-timestamp': String(request.headers['webhook-timestamp']),
          'webhook-signature': String(request.headers['webhook-signature']),
        }) as ReturnType<WebhookReceiver['verified']>[number],
      );
    },
    listen: async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return receiver;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver = createWebhookReceiver();
  await receiver.listen();
  return receiver;
}

/** Polls `check` until it returns true; fails after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
