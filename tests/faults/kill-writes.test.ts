import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, ENGINES, freshStorage } from './lib/cases';
import {
  call,
  listTags,
  login,
  startServer,
  stop,
  type Envelope,
  type TagRecord,
} from './lib/server';

const cleanup = cleanupAfterEach();

interface Write {
  i: number;
  nama: 'Soekarno' | 'Hatta';
  tag: string;
  input: string;
  response: string;
}

describe.each(ENGINES)('kill -9 during a burst of tag writes (%s)', (engine) => {
  it('keeps every acknowledged write, applies none by halves, and opens cleanly', async () => {
    const setup = await freshStorage(engine, 'writes', cleanup);
    const server = await startServer(setup);
    const token = await login(server);
    const names = {
      Soekarno: (await listTags(server, token, 'Soekarno')).map((t) => t.tag),
      Hatta: (await listTags(server, token, 'Hatta')).map((t) => t.tag),
    };

    // 200 merges spread over both figures' tags, each adding one distinct input and response.
    const writes: Write[] = Array.from({ length: 200 }, (_, i) => {
      const nama = i % 2 === 0 ? 'Soekarno' : 'Hatta';
      const tags = names[nama];
      return {
        i,
        nama,
        tag: tags[Math.floor(i / 2) % tags.length]!,
        input: `uji ketahanan ${engine} nomor ${i}`,
        response: `jawaban ketahanan ${engine} nomor ${i}`,
      };
    });
    const acknowledged: Write[] = [];
    const failedStatuses: number[] = [];
    let killed = false;
    let next = 0;
    const worker = async () => {
      while (next < writes.length) {
        const w = writes[next++]!;
        try {
          const res = await call<Envelope>(server, 'POST', '/api/chatbot/tags', {
            token,
            body: { nama: w.nama, tag: w.tag, input: [w.input], responses: [w.response] },
          });
          if (res.status >= 200 && res.status < 300) acknowledged.push(w);
          else failedStatuses.push(res.status);
        } catch {
          // the connection died with the process: not acknowledged
        }
        // Kill in the middle of the burst, with requests still in flight.
        if (!killed && acknowledged.length >= 60) {
          killed = true;
          server.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    await server.exited;
    expect(killed).toBe(true);
    expect(failedStatuses).toEqual([]); // before the kill nothing was refused
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    expect(acknowledged.length).toBeLessThan(writes.length);

    const again = await startServer(setup);
    const token2 = await login(again);
    const after = new Map<string, TagRecord>();
    for (const nama of ['Soekarno', 'Hatta'] as const) {
      for (const t of await listTags(again, token2, nama)) after.set(`${nama}/${t.tag}`, t);
    }
    const missing = acknowledged.filter(
      (w) => !after.get(`${w.nama}/${w.tag}`)?.input.includes(w.input),
    );
    expect(missing).toEqual([]);
    // A write is all or nothing: its input is there exactly when its response is.
    for (const w of writes) {
      const t = after.get(`${w.nama}/${w.tag}`)!;
      expect(t.input.includes(w.input), `write ${w.i}`).toBe(t.responses.includes(w.response));
    }
    // The database is healthy after recovery: it takes new writes.
    const res = await call(again, 'POST', '/api/chatbot/tags', {
      token: token2,
      body: {
        nama: 'Hatta',
        tag: names.Hatta[0],
        input: [`setelah pemulihan ${engine}`],
        responses: ['baik'],
      },
    });
    expect(res.status).toBe(200);
    expect(await stop(again)).toBe(0);
  });
});
