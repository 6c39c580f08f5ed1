/**
 * route() (src/server/endpoint/route.ts) from the outside, as a caller sees it: the declared access, the
 * inputs parsed by the declared schemas, the declared status, a form post answered with a 303, and with
 * CHECK_ANSWERS=1 an answer that is not what its declaration says refused as a 500 naming the field.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIContext } from 'astro';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { route } from '~/server/endpoint/route.ts';

// route() hands every handler the database: an empty SQLite file of this test's own.
process.env.DATABASE_URL = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'route-test-')), 'shop.db');

const item = defineEndpoint({
  method: 'post',
  path: '/api/things/{id}',
  tag: 'Test',
  access: 'customer',
  summary: 'A thing',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ name: z.string().min(1) }),
  form: { page: '/things' },
  answers: { 201: z.object({ message: z.string(), data: z.object({ id: z.number(), name: z.string() }) }) },
});

const customer = { id: 7, email: 'route-test@example.com', first_name: 'R', last_name: 'T' };

function contextFor(body: string, type: string, { id = '3', signedIn = true } = {}): APIContext {
  const url = new URL(`http://shop.test/api/things/${id}`);
  const request = new Request(url, { method: 'POST', headers: { 'content-type': type }, body });
  const locals = { customer: signedIn ? customer : undefined, shopper: { customer: signedIn ? customer : undefined, cart: {}, wishlist: {} } };
  return { request, url, params: { id }, locals } as unknown as APIContext;
}

const read = async (response: Response) => ({ status: response.status, location: response.headers.get('location'), body: await response.text() });

describe('route()', () => {
  afterEach(() => {
    delete process.env.CHECK_ANSWERS;
  });

  const echo = route(item, ({ params, body }) => ({ message: 'Saved', data: { id: params.id, name: body.name } }));

  it('answers with the declared status and the handler its parsed inputs', async () => {
    const answer = await read(await echo(contextFor('{"name":"ring"}', 'application/json')));
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Saved', data: { id: 3, name: 'ring' } });
  });

  it('checks who may call before anything else: no session is a 401', async () => {
    const answer = await read(await echo(contextFor('not json', 'application/json', { id: 'x', signedIn: false })));
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'unauthenticated' });
  });

  it('refuses a bad path parameter and a bad body with a 400 naming the field', async () => {
    const badId = JSON.parse((await read(await echo(contextFor('{"name":"ring"}', 'application/json', { id: '-1' })))).body);
    expect(badId).toMatchObject({ code: 'validation_failed', errors: { id: [expect.any(String)] } });
    const badBody = await read(await echo(contextFor('{"name":""}', 'application/json')));
    expect(badBody.status).toBe(400);
    expect(JSON.parse(badBody.body)).toMatchObject({ errors: { name: [expect.any(String)] } });
  });

  it('answers a plain form post with a 303 to the declared page, and a refusal with its words in ?error=', async () => {
    const saved = await read(await echo(contextFor('name=ring', 'application/x-www-form-urlencoded')));
    expect(saved).toMatchObject({ status: 303, location: '/things' });
    const refused = await read(await echo(contextFor('name=', 'application/x-www-form-urlencoded')));
    expect(refused.status).toBe(303);
    expect(refused.location).toMatch(/^\/things\?error=.+/);
  });

  it('with CHECK_ANSWERS=1, an answer its declaration does not allow is a 500 naming the field', async () => {
    const wrong = route(item, () => ({ message: 'Saved', data: { id: 'three', name: 'ring' } }) as never);
    expect((await read(await wrong(contextFor('{"name":"ring"}', 'application/json')))).status).toBe(201);
    process.env.CHECK_ANSWERS = '1';
    const checked = await read(await wrong(contextFor('{"name":"ring"}', 'application/json')));
    expect(checked.status).toBe(500);
    expect(JSON.parse(checked.body)).toMatchObject({ code: 'answer_mismatch', message: expect.stringContaining('data.id') });
    expect((await read(await echo(contextFor('{"name":"ring"}', 'application/json')))).status).toBe(201);
  });
});
