import type { Reply } from '@/lib/platform/server/http/reply';

/** A CSV stream as a download named `<name>-<today>.csv`, never cached (it is one caller's data). */
export function csvDownload(stream: ReadableStream<Uint8Array>, name: string): Reply {
  const filename = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  return {
    status: 200,
    response: new Response(stream, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'private, no-store',
      },
    }),
  };
}
