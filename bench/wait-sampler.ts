// `node --import tsx bench/wait-sampler.ts [seconds] [database prefix]` beside a bench: every 50 ms,
// what PostgreSQL's backends of the bench's databases are waiting for (pg_stat_activity's wait
// events, and the holders and waiters of `object` locks such as NOTIFY's), one line each, to
// line up with BENCH_SAMPLES_OUT's slow requests. Count them with
// `awk '{print $3, $5}' out.log | sort | uniq -c | sort -rn`.
import pg from 'pg';
import { ADMIN_URL } from '@/bench/support';

const seconds = Number(process.argv[2] ?? 600);
const prefix = process.argv[3] ?? 'dispatch_bench';
const client = new pg.Client({ connectionString: ADMIN_URL });
await client.connect();
const stopAt = Date.now() + seconds * 1000;
while (Date.now() < stopAt) {
  const at = new Date().toISOString().slice(11, 23);
  const { rows } = await client.query<{ pid: number; type: string; state: string; wait: string; ms: number; query: string }>(
    `SELECT pid, backend_type AS type, coalesce(state, '-') AS state, coalesce(wait_event_type || '/' || wait_event, '-') AS wait,
            coalesce(extract(epoch FROM now() - query_start) * 1000, 0)::float8 AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query
     FROM pg_stat_activity
     WHERE (datname LIKE $1 || '%' OR datname IS NULL) AND pid <> pg_backend_pid()
       AND ((backend_type = 'client backend' AND state = 'active' AND (wait_event_type IS NOT NULL OR query_start < now() - interval '30 ms'))
            OR (backend_type <> 'client backend' AND wait_event_type IS NOT NULL AND wait_event_type <> 'Activity'))`,
    [prefix],
  );
  for (const row of rows) console.log(`${at} ${row.pid} ${row.type.replace(' ', '_')} ${row.state} ${row.wait} ${row.ms.toFixed(0)}ms ${row.query}`);
  if (rows.some((row) => row.wait === 'Lock/object')) {
    const locks = await client.query<{ lock: string }>(
      `SELECT l.classid::regclass::text || '/' || l.objid || '/' || l.mode || '/' || CASE WHEN l.granted THEN 'held' ELSE 'waiting' END || 'x' || count(*) AS lock
       FROM pg_locks l WHERE l.locktype = 'object' GROUP BY l.classid, l.objid, l.mode, l.granted`,
    );
    console.log(`${at} object-locks ${locks.rows.map((row) => row.lock).join(' ')}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}
await client.end();
