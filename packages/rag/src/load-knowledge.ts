import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseEvalQuestions, type EvalQuestion } from './eval';
import { KnowledgeError, parsePassages, type Passage } from './knowledge';

/**
 * Node-only loaders (kept apart from ./knowledge so that browser code never pulls in node:fs).
 *
 * loadKnowledge reads every *.json file of `dir` (in file-name order) and returns the
 * validated passages.
 */
export async function loadKnowledge(dir: string): Promise<Passage[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  if (files.length === 0) throw new KnowledgeError(`no knowledge files in ${dir}`);
  const sources = await Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(dir, file), 'utf8');
      try {
        return JSON.parse(raw) as unknown;
      } catch (error) {
        throw new KnowledgeError(`${file}: invalid JSON (${(error as Error).message})`);
      }
    }),
  );
  return parsePassages(...sources);
}

/** Node-only loader of the evaluation questions: every rag-*.json file of `dir`, in name order. */
export async function loadEvalQuestions(dir: string): Promise<EvalQuestion[]> {
  const files = (await readdir(dir)).filter((f) => /^rag-.*\.json$/.test(f)).sort();
  const sources = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as unknown),
  );
  return parseEvalQuestions(...sources);
}
