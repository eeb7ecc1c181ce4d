// POST /api/chat (rag model, embedded generator) at 50 connections against the built server on
// a fresh embedded database: throughput and latency percentiles. A pool of learner accounts
// spreads the load so that the per-user rate limit (raised for the run) does not dominate.
import { api, cannon, startServer, tmpDir } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startServer({ DATA_DIR: tmpDir('dw-bench-chat-'), CHAT_MAX_PER_MINUTE: '1000000', LOGIN_MAX_PER_IP: '1000' });
try {
  const creds = { name: 'Bench Chat', email: 'bench.chat@example.com', password: 'Merdeka1945' };
  await api(`${server.url}/api/auth/register`, { method: 'POST', json: creds });
  const login = await api<{ data: { token: string } }>(`${server.url}/api/auth/login`, { method: 'POST', json: { email: creds.email, password: creds.password } });
  const headers = { authorization: `Bearer ${login.data.token}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ karakter: 'hatta', prompt: 'Kapan Bung Hatta lahir?' });
  const sample = await api<{ response: string; sources: unknown[] }>(`${server.url}/api/chat`, { method: 'POST', headers, body });
  await cannon({ url: `${server.url}/api/chat`, method: 'POST', headers, body, seconds: 2 });
  const chat = await cannon({ url: `${server.url}/api/chat`, method: 'POST', headers, body, seconds: SECONDS });
  console.log(
    JSON.stringify({
      benchmark: 'chat-rag-embedded',
      connections: 50,
      seconds: SECONDS,
      prompt: 'Kapan Bung Hatta lahir?',
      sampleAnswer: sample.response,
      sampleSources: sample.sources.length,
      chat,
      p99UnderBudget: chat.p99 < 50,
    }),
  );
} finally {
  await server.stop();
}
