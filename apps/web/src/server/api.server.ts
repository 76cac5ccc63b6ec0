/** Server-side reads from the api on the visitor's behalf, validated with core's schemas. */
import 'server-only';
import type { z } from 'zod';
import { env } from '../env.server';
import { request } from '../lib/http';
import { getServerContext } from './server-context.server';

/** The answer when the api gives one that matches the schema, else null. */
export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
): Promise<z.infer<S> | null> {
  const { data } = await request<unknown>(path, {
    baseUrl: env.API_URL,
    server: await getServerContext(),
  });
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
