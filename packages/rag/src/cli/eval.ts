/**
 * `npm run rag:eval`: evaluates retrieval on data/eval/rag-*.json against the knowledge base in
 * data/seed/knowledge and prints one JSON object (per figure and overall: recall@5, MRR@10,
 * nDCG@10; the "nothing relevant" gate; the questions whose relevant passages were not all in
 * the top 5) and, per learner set written outside the team (data/eval/learner/rag-*.json), the
 * accuracy of the answers by type and figure, the share of answerable questions declined and the
 * share of answers naming their own speaker in the third person; and, over a general Indonesian
 * reading-comprehension set with its own passages as the knowledge base (data/eval/general-qa),
 * how often the right passage comes first and the answer holds the gold answer. Options:
 * --verbose adds every question's ranking and the general set's misses.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readdir, readFile } from 'node:fs/promises';
import { gradeAnswer, summarizeAnswers, type LearnerQuestion } from '../answer-eval';
import { createRagEngine } from '../engine';
import { evaluateRetriever } from '../eval';
import {
  asKnowledge,
  evaluateGeneralQa,
  type GeneralPassage,
  type GeneralQuestion,
} from '../general-qa';
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
    answers: await evaluateAnswers(passages),
    generalQa: await evaluateGeneral(verbose),
    misses,
    ...(verbose ? { results: report.results } : {}),
  };
  process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
}

/**
 * Answers of the whole rag model (retrieval and the embedded generator) to the learner sets
 * written outside the team, one report per file (data/eval/learner/rag-*.json).
 */
async function evaluateAnswers(passages: Awaited<ReturnType<typeof loadKnowledge>>) {
  const dir = path.join(root, 'data/eval/learner');
  const engine = createRagEngine({ passages });
  const out: Record<string, unknown> = {};
  for (const file of (await readdir(dir)).filter((f) => /^rag-.*\.json$/.test(f)).sort()) {
    const questions = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as LearnerQuestion[];
    const graded = [];
    for (const q of questions) {
      const answer = await engine.answer({
        karakter: q.karakter,
        prompt: q.question,
        ...(q.history ? { history: q.history } : {}),
      });
      graded.push(gradeAnswer(q, { text: answer.response, declined: answer.sources.length === 0 }));
    }
    out[file] = summarizeAnswers(graded, questions);
  }
  return out;
}

/** The rag model over the general reading-comprehension set, its passages as the knowledge base. */
async function evaluateGeneral(verbose: boolean) {
  const dir = path.join(root, 'data/eval/general-qa');
  const read = async <T>(file: string) =>
    JSON.parse(await readFile(path.join(dir, file), 'utf8')) as T;
  const general = await read<GeneralPassage[]>('passages.json');
  const questions = await read<GeneralQuestion[]>('questions.json');
  const engine = createRagEngine({ passages: asKnowledge(general) });
  const { misses, ...report } = await evaluateGeneralQa(engine, general, questions);
  return verbose ? { ...report, misses } : report;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
