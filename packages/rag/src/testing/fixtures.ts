import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePassages, type Passage } from '../knowledge';
import { loadKnowledge } from '../load-knowledge';
import { createRetriever, type Retriever } from '../retriever';

/** Test helpers: the real knowledge base and evaluation set of the repository. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const knowledgeDir = path.join(repoRoot, 'data/seed/knowledge');
export const evalDir = path.join(repoRoot, 'data/eval');

let passages: Promise<Passage[]> | undefined;
let retriever: Promise<Retriever> | undefined;

export function realPassages(): Promise<Passage[]> {
  passages ??= loadKnowledge(knowledgeDir);
  return passages;
}

export function realRetriever(): Promise<Retriever> {
  retriever ??= realPassages().then((p) => createRetriever(p));
  return retriever;
}

/** Two passages, one about each figure: a corpus that does not depend on the real data. */
export function tinyPassages(): Passage[] {
  return parsePassages([
    {
      id: 'koperasi',
      title: 'Koperasi',
      figures: ['hatta'],
      period: '1951',
      text: 'Hatta memperjuangkan koperasi untuk rakyat. Koperasi adalah usaha bersama.',
      references: ['Catatan'],
    },
    {
      id: 'pancasila',
      title: 'Pancasila',
      figures: ['soekarno'],
      period: '1945',
      text: 'Soekarno berpidato tentang Pancasila pada 1 Juni 1945. Pancasila terdiri atas lima sila.',
      references: ['Catatan'],
    },
  ]);
}
