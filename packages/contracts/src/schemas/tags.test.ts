import { describe, expect, it } from 'vitest';
import { keepLinks, planMerge } from '../tags';
import { tagBody, tagFields } from './tags';

const base = {
  tag: 'keluarga',
  input: ['siapa istri bapak', 'anak bapak berapa', 'Mas kawin apa'],
  responses: ['Istri saya Rahmi.', 'Anak saya tiga putri.', 'Mas kawinnya buku.'],
};
const messages = (value: unknown) => {
  const parsed = tagFields.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};
const linkMessages = (...links: { input: string; response: string }[]) =>
  messages({ ...base, links });
const link = (input: string, response: string) => ({ input, response });

describe('tag links', () => {
  it('accepts links to the tag own texts in any case and spacing, and no links at all', () => {
    expect(messages(base)).toEqual([]);
    expect(
      linkMessages(
        link('SIAPA  istri bapak ', 'istri saya rahmi.'),
        link('mas kawin apa', 'Mas kawinnya buku.'),
      ),
    ).toEqual([]);
    expect(tagBody.safeParse({ ...base, nama: 'Hatta', links: [] }).success).toBe(true);
  });

  it('refuses a link to a text the tag does not have, or a second link of one input', () => {
    expect(
      linkMessages(
        link('siapa suami bapak', 'Istri saya Rahmi.'),
        link('siapa istri bapak', 'Saya lahir di Bukittinggi.'),
        link('anak bapak berapa', 'Anak saya tiga putri.'),
        link('Anak bapak berapa', 'Istri saya Rahmi.'),
      ),
    ).toEqual([
      ['links.0', "Link 1: the input must be one of the tag's inputs"],
      ['links.1', "Link 2: the response must be one of the tag's responses"],
      ['links.3', 'Link 4: an input can be linked to only one response'],
    ]);
    expect(messages({ ...base, links: 'x' })).toEqual([
      ['links', 'links must be a list of {input, response}'],
    ]);
    const many = Array.from({ length: 201 }, () => link('a', 'b'));
    expect(messages({ ...base, links: many })[0]).toEqual(['links', 'At most 200 links per tag']);
  });

  it('keeps the links whose texts remain, spelled as the tag spells them', () => {
    expect(
      keepLinks(
        [
          link('siapa istri bapak', 'istri saya rahmi.'),
          link('anak bapak berapa', 'Anak saya tiga putri.'),
          link('mas kawin apa', 'Mas kawinnya buku.'),
        ],
        ['Siapa istri bapak', 'anak bapak berapa'],
        ['Istri saya Rahmi.', 'Mas kawinnya buku.'],
      ),
    ).toEqual([link('Siapa istri bapak', 'Istri saya Rahmi.')]);
  });

  it('merges the links of both sides, the incoming one winning for the same input', () => {
    const existing = {
      id: 't1',
      name: 'keluarga',
      nameKey: 'keluarga',
      inputKeys: new Set(base.input.map((t) => t.toLowerCase())),
      responseKeys: new Set(base.responses.map((t) => t.toLowerCase())),
      links: [
        link('siapa istri bapak', 'Istri saya Rahmi.'),
        link('anak bapak berapa', 'Istri saya Rahmi.'),
      ],
    };
    const plan = planMerge(
      [existing],
      [{ ...base, links: [link('anak bapak berapa', 'Anak saya tiga putri.')] }],
    );
    expect(plan.tags[0]?.links).toEqual([
      link('siapa istri bapak', 'Istri saya Rahmi.'),
      link('anak bapak berapa', 'Anak saya tiga putri.'),
    ]);
    // A batch without links leaves the stored ones as they are.
    expect(planMerge([existing], [base]).tags[0]).not.toHaveProperty('links');
  });
});
