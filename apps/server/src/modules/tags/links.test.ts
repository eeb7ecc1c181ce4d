import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, useTestContext } from '../../../test/helpers';
import { body } from '../../../test/client';
import { tagsClient, type TagsClient, type TagDto } from './testing';

const ctx = useTestContext();
let admin: TagsClient;
let learner: TagsClient;

beforeAll(async () => {
  admin = tagsClient(ctx.app, (await signUpAdmin(ctx)).token);
  learner = tagsClient(ctx.app, (await signUp(ctx.app)).token);
});
beforeEach(async () => {
  await admin.clear('Hatta');
});

const family = {
  nama: 'Hatta',
  tag: 'keluarga',
  input: ['siapa istri bapak', 'berapa anak bapak', 'apa mas kawinnya'],
  responses: ['Istri saya Rahmi.', 'Kami punya tiga putri.', 'Mas kawinnya buku saya.'],
};
const wife = { input: 'siapa istri bapak', response: 'Istri saya Rahmi.' };
const daughters = { input: 'berapa anak bapak', response: 'Kami punya tiga putri.' };
const dowry = { input: 'apa mas kawinnya', response: 'Mas kawinnya buku saya.' };

const exportJson = async () =>
  JSON.parse((await admin.get('/api/chatbot/export/Hatta')).body) as {
    tags: { tag: string; links?: unknown }[];
  };

describe('input-response links', () => {
  it('stores links on create, spelled as the tag spells them, and answers them on get and list', async () => {
    const created = await admin.create({
      ...family,
      links: [{ input: 'SIAPA istri  bapak', response: 'istri saya rahmi.' }],
    });
    expect(created.links).toEqual([wife]);
    expect(body<TagDto>(await learner.get(`/api/chatbot/tags/${created.id}`)).data.links).toEqual([
      wife,
    ]);
    expect((await learner.list('Hatta'))[0]?.links).toEqual([wife]);
    // A tag without links answers the shape older clients know.
    const plain = await admin.create({ ...family, tag: 'nasihat' });
    expect(plain).not.toHaveProperty('links');
  });

  it('refuses a link to a text the tag does not have with a 400 naming the link', async () => {
    const res = await admin.post('/api/chatbot/tags', {
      ...family,
      links: [wife, { input: 'siapa ayah bapak', response: 'Istri saya Rahmi.' }],
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      code: 400,
      message: "Link 2: the input must be one of the tag's inputs",
    });
    expect(await learner.list('Hatta')).toEqual([]);
  });

  it('merges the links of both sides, the incoming one winning for the same input', async () => {
    await admin.create({ ...family, links: [wife, { ...daughters, response: wife.response }] });
    const res = await admin.post('/api/chatbot/tags', {
      ...family,
      tag: 'KELUARGA',
      input: ['berapa anak bapak', 'apa mas kawinnya'],
      links: [daughters, dowry],
    });
    expect(res.statusCode).toBe(200);
    expect(body<{ tag: TagDto }>(res).data.tag.links).toEqual([wife, daughters, dowry]);
    // A merge that brings no links keeps the stored ones.
    await admin.post('/api/chatbot/tags', { ...family, input: ['siapa mertua bapak'] });
    expect((await learner.list('Hatta'))[0]?.links).toEqual([wife, daughters, dowry]);
  });

  it('on update replaces links when sent, keeps them when absent, and drops those whose texts go', async () => {
    const { id } = await admin.create({ ...family, links: [wife, daughters, dowry] });
    const put = async (changes: Record<string, unknown>) => {
      const res = await admin.put(`/api/chatbot/update/${id}`, { ...family, ...changes });
      expect(res.statusCode).toBe(200);
      return body<{ tag: TagDto }>(res).data.tag;
    };
    // An older client sends no links: they stay, except those of a removed input or response.
    const kept = await put({
      input: ['siapa istri bapak', 'berapa anak bapak'],
      responses: ['Istri saya Rahmi.', 'Mas kawinnya buku saya.'],
    });
    expect(kept.links).toEqual([wife]);
    expect((await put({ links: [dowry] })).links).toEqual([dowry]);
    expect(await put({ links: [] })).not.toHaveProperty('links');
    const bad = await admin.put(`/api/chatbot/update/${id}`, {
      ...family,
      links: [dowry, { input: 'apa mas kawinnya', response: 'Istri saya Rahmi.' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({
      message: 'Link 2: an input can be linked to only one response',
    });
  });

  it('round-trips links through the JSON and CSV export and import', async () => {
    await admin.create({ ...family, links: [wife, dowry] });
    await admin.create({ ...family, tag: 'nasihat' });
    const json = await exportJson();
    expect(json.tags).toEqual([
      expect.objectContaining({ tag: 'keluarga', links: [wife, dowry] }),
      expect.not.objectContaining({ links: expect.anything() }),
    ]);
    const csv = (await admin.get('/api/chatbot/export/Hatta?format=csv')).body;
    expect(csv).toContain('keluarga,link,siapa istri bapak => Istri saya Rahmi.');

    await admin.clear('Hatta');
    expect((await admin.post('/api/chatbot/import/Hatta', json)).statusCode).toBe(200);
    expect(await exportJson()).toEqual(json);

    await admin.clear('Hatta');
    const res = await admin.post('/api/chatbot/import/Hatta', { format: 'csv', content: csv });
    expect(res.statusCode).toBe(200);
    expect((await admin.get('/api/chatbot/export/Hatta?format=csv')).body).toBe(csv);
  });

  it('reports a CSV link row naming an unknown input in the import preview', async () => {
    const content = [
      'tag,kind,text',
      'keluarga,input,siapa istri bapak',
      'keluarga,response,Istri saya Rahmi.',
      'keluarga,link,siapa ayah bapak => Istri saya Rahmi.',
    ].join('\n');
    const res = await admin.post('/api/chatbot/import/Hatta?dryRun=true', {
      format: 'csv',
      content,
    });
    expect(res.statusCode).toBe(200);
    expect(body<{ errors: unknown[] }>(res).data.errors).toEqual([
      {
        path: 'tags[0].links',
        message: "keluarga: Link 1: the input must be one of the tag's inputs",
      },
    ]);
  });
});
