import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, summary, toImportBody } from './import-dialog';

describe('toImportBody', () => {
  it('sends a .json file as the archive object', () => {
    expect(toImportBody('a.json', '\uFEFF{"version":1,"tags":[]}')).toEqual({
      version: 1,
      tags: [],
    });
  });

  it('sends a .csv file, or text that is not JSON, as CSV content', () => {
    expect(toImportBody('a.csv', 'tag,kind,text\r\nsapaan,input,halo\r\n')).toEqual({
      format: 'csv',
      content: 'tag,kind,text\r\nsapaan,input,halo\r\n',
    });
    expect(toImportBody('data.txt', 'tag,kind,text')).toEqual({
      format: 'csv',
      content: 'tag,kind,text',
    });
  });

  it('recognises JSON by its content when the name does not say', () => {
    expect(toImportBody('ekspor', '  {"tags":[]}')).toEqual({ tags: [] });
  });

  it('refuses broken JSON and JSON that is not an object', () => {
    expect(toImportBody('a.json', '{"tags": [')).toEqual({ error: IMPORT_MESSAGES.badJson });
    expect(toImportBody('a.json', '[1,2]')).toEqual({ error: IMPORT_MESSAGES.notArchive });
    expect(toImportBody('a.json', 'null')).toEqual({ error: IMPORT_MESSAGES.notArchive });
  });
});

it('summarises an import', () => {
  expect(
    summary({
      dryRun: false,
      tagsCreated: 2,
      tagsMerged: 1,
      inputsAdded: 12,
      responsesAdded: 3,
      totalTagsAfter: 15,
      errors: [],
      warnings: [],
    }),
  ).toBe('2 tag baru, 1 tag digabung, 12 input dan 3 respons ditambahkan');
});
