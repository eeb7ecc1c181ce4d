/**
 * `npm run rag:eval`: evaluates retrieval on data/eval/rag-*.json against the knowledge base in
 * data/seed/knowledge and prints one JSON object (per figure and overall: recall@5, MRR@10,
 * nDCG@10; the "nothing relevant" gate; the questions whose relevant passages were not all in
 * the top 5). Options: --verbose adds every question's ranking.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateRetriever } from '../eval';
import { loadEvalQuestions, loadKnowledge } from '../load-knowledge';
import { createRetriever } from '../retriever';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

async function main() {
  const verbose = process.argv.includes('--verbose');
  const passages = await loadKnowledge(path.join(root, 'data/seed/knowledge'));
  const questions = await loadEvalQuestions(path.join(root, 'data/eval'));
  const retriever = createRetriever(passages);
  const report = evaluateRetriever(retriever, questions);
  const misses = report.results
    .filter((r) => r['recall@5'] < 1)
    .map((r) => ({ id: r.id, relevant: r.relevant, top5: r.ranking.slice(0, 5) }));
  const output = {
    passages: passages.length,
    questions: questions.length,
    indexBuildMs: Math.round(retriever.buildMs * 100) / 100,
    perFigure: report.perFigure,
    overall: report.overall,
    gate: report.gate,
    misses,
    ...(verbose ? { results: report.results } : {}),
  };
  process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
