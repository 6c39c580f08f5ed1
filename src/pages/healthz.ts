import type { APIRoute } from 'astro';
import { whenReady } from '~/server/boot.ts';
import { json } from '~/server/http.ts';

/** 200 with the database kind once this server can serve; 503 while it cannot. */
export const GET: APIRoute = async () => {
  try {
    const { kind } = await whenReady();
    return json({ status: 'ok', database: kind });
  } catch {
    return json({ status: 'unavailable' }, { status: 503 });
  }
};
