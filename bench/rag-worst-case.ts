// Worst-case cost of one rag question, in process: plain learner questions against 1,000-character
// prompts of near-miss corpus words (words of 9+ letters with their last three letters changed,
// each prompt new, so no cache helps), the attack the hardening issue measured. Prints one JSON
// object with both latency summaries and the ratio of their medians.
// Run: npx tsx bench/rag-worst-case.ts   (from the repository root)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmbeddedGenerator } from '@dwitunggal/rag/embedded-generator';
import { loadEvalQuestions, loadKnowledge } from '@dwitunggal/rag/load-knowledge';
import { createRetriever } from '@dwitunggal/rag/retriever';
import { foldForMatch, wordsOf } from '@dwitunggal/text/fold';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROMPTS = Number(process.env.WORST_CASE_PROMPTS ?? 300);

const passages = await loadKnowledge(path.join(root, 'data/seed/knowledge'));
const questions = await loadEvalQuestions(path.join(root, 'data/eval'));
const retriever = createRetriever(passages);
const generator = createEmbeddedGenerator();

const long = [
  ...new Set(passages.flatMap((p) => wordsOf(foldForMatch(`${p.title} ${p.text}`)))),
].filter((w) => w.length >= 9 && !/\d/.test(w));
// mulberry32: a small seeded generator, so that every run attacks with the same prompts.
let seed = 7;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const letters = 'abcdefghijklmnopqrstuvwxyz';
const nearMiss = () => {
  const word = long[Math.floor(random() * long.length)] as string;
  let tail = '';
  for (let i = 0; i < 3; i++) tail += letters[Math.floor(random() * 26)];
  return word.slice(0, -3) + tail;
};
const hostilePrompt = () => {
  let prompt = '';
  while (prompt.length < 990) prompt += `${nearMiss()} `;
  return prompt.slice(0, 1000);
};

const answer = (question: string) => {
  const hits = retriever.search(question, { karakter: 'soekarno', k: 4 });
  return generator.compose({ karakter: 'soekarno', question, hits });
};
const time = (question: string) => {
  const t0 = performance.now();
  answer(question);
  return performance.now() - t0;
};
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    samples: sorted.length,
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? 0),
  };
};

for (const q of questions) answer(q.question); // warm-up
const plain: number[] = [];
const hostile: number[] = [];
for (let i = 0; i < PROMPTS; i++) {
  plain.push(time((questions[i % questions.length] as { question: string }).question));
  hostile.push(time(hostilePrompt()));
}
const p = summary(plain);
const h = summary(hostile);
console.log(
  JSON.stringify(
    {
      benchmark: 'rag-worst-case',
      node: process.version,
      plainMs: p,
      nearMissPromptMs: h,
      ratioP50: Math.round((h.p50 / p.p50) * 100) / 100,
      ratioP99: Math.round((h.p99 / p.p99) * 100) / 100,
    },
    null,
    2,
  ),
);
