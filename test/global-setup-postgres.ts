import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runMigrateScript } from '@/test/run-migrations';
import { openTestPostgres } from '@/test/test-postgres';

/** `adminUrl` with another database: the one a test file works in. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// Migrates a template database once; every test file gets its own copy (CREATE DATABASE … TEMPLATE).
// The server is the one at TEST_POSTGRES_URL, or a throwaway one from npm when none answers there.
export default async function setup(project: TestProject) {
  const server = await openTestPostgres();
  console.log(`PostgreSQL tier: ${server.description}`);
  const template = `dispatch_test_tpl_${randomBytes(4).toString('hex')}`;
  try {
    await adminQuery(server.url, `CREATE DATABASE ${template}`);
    await runMigrateScript({ DATABASE_URL: databaseUrl(server.url, template) });
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('database', { kind: 'postgres', adminUrl: server.url, template });
  return async () => {
    try {
      await adminQuery(server.url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    } finally {
      await server.stop();
    }
  };
}
