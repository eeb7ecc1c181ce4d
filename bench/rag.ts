// Benchmark of the rag chat model, in process (no server): index build time for the knowledge
// base, retrieval and embedded-generation latency over the evaluation questions (both figures,
// many rounds), and the retrieval metrics of `npm run rag:eval`. Prints one JSON object.
// Run: npx tsx bench/rag.ts   (from the repository root)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmbeddedGenerator } from '@dwitunggal/rag/embedded-generator';
import { evaluateRetriever } from '@dwitunggal/rag/eval';
import { loadEvalQuestions, loadKnowledge } from '@dwitunggal/rag/load-knowledge';
import { createRetriever } from '@dwitunggal/rag/retriever';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.RAG_BENCH_ROUNDS ?? 30);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    samples: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    mean: round(sorted.reduce((s, x) => s + x, 0) / (sorted.length || 1)),
  };
};

const loadStarted = performance.now();
const passages = await loadKnowledge(path.join(root, 'data/seed/knowledge'));
const loadMs = performance.now() - loadStarted;
const questions = await loadEvalQuestions(path.join(root, 'data/eval'));

// Cold build: the first one in this process (what the server pays at start).
const retriever = createRetriever(passages);
const coldBuildMs = retriever.buildMs;
const warmBuilds: number[] = [];
for (let i = 0; i < 20; i++) warmBuilds.push(createRetriever(passages).buildMs);

const generator = createEmbeddedGenerator();
const figures = ['soekarno', 'hatta'] as const;

// Warm-up, then measure.
for (const q of questions)
  for (const karakter of figures) {
    generator.compose({
      karakter,
      question: q.question,
      hits: retriever.search(q.question, { karakter, k: 4 }),
    });
  }
const retrieval: number[] = [];
const generation: number[] = [];
const total: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const q of questions) {
    for (const karakter of figures) {
      const t0 = performance.now();
      const hits = retriever.search(q.question, { karakter, k: 4 });
      const t1 = performance.now();
      generator.compose({ karakter, question: q.question, hits });
      const t2 = performance.now();
      retrieval.push(t1 - t0);
      generation.push(t2 - t1);
      total.push(t2 - t0);
    }
  }
}

const report = evaluateRetriever(retriever, questions);
const round2 = (x: number) => Math.round(x * 100) / 100;
console.log(
  JSON.stringify({
    passages: passages.length,
    questions: questions.length,
    knowledgeLoadMs: round2(loadMs),
    indexBuildMs: { cold: round2(coldBuildMs), warm: summary(warmBuilds) },
    latencyMs: {
      retrieval: summary(retrieval),
      embeddedGeneration: summary(generation),
      retrievalPlusGeneration: summary(total),
    },
    eval: { perFigure: report.perFigure, overall: report.overall, gate: report.gate },
  }),
);
