/** Server-side reads from the api on the visitor's behalf, validated with core's schemas. */
import 'server-only';
import { env } from '../env.server';
import { request, type AnswerSchema } from '../lib/http';
import { getServerContext } from './server-context.server';

/** The answer when the api gives one that matches the schema, else null. */
export async function apiGet<T>(path: string, schema: AnswerSchema<T>): Promise<T | null> {
  const { data } = await request(path, {
    answer: schema,
    baseUrl: env.API_URL,
    server: await getServerContext(),
  });
  return data;
}
