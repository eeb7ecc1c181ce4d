import type { StoredTurn } from '@dwitunggal/contracts/learning';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../stores/chat-history';
import { mergeMessages, toChatMessage } from './restore';

const source = {
  id: 'hatta-koperasi',
  title: 'Bapak Koperasi',
  reference: 'Ensiklopedia',
  excerpt: 'Hatta menganjurkan koperasi.',
  score: 0.8,
};
const turn = (over: Partial<StoredTurn>): StoredTurn => ({
  id: 1,
  clientId: 'a1',
  role: 'figure',
  text: 'Koperasi adalah usaha bersama.',
  model: 'rag',
  meta: { sources: [source.id] },
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('restoring turns from the server', () => {
  it('shows a restored rag answer with its sources and its rating', () => {
    const message = toChatMessage('hatta', turn({ sources: [source], rating: 'down' }));
    expect(message).toEqual({
      id: 'a1',
      text: 'Koperasi adalah usaha bersama.',
      sender: 'hatta',
      timestamp: '2026-11-20T10:00:00.000Z',
      meta: { model: 'rag', sources: [source], rating: 'down' },
    });
    expect(toChatMessage('hatta', turn({})).meta).toEqual({ model: 'rag' });
  });

  it("keeps the device's copy of a message but takes a rating given on another device", () => {
    const local: ChatMessage = {
      id: 'a1',
      text: 'Koperasi adalah usaha bersama.',
      sender: 'hatta',
      timestamp: '2026-11-20T10:00:00.000Z',
      meta: { model: 'rag', elapsedSeconds: 2, sources: [source] },
    };
    const server = toChatMessage('hatta', turn({ sources: [source], rating: 'up' }));
    expect(mergeMessages([local], [server])).toEqual([
      { ...local, meta: { ...local.meta, rating: 'up' } },
    ]);
    // A rating the device already shows is kept.
    const rated = { ...local, meta: { ...local.meta!, rating: 'down' as const } };
    expect(mergeMessages([rated], [server])).toEqual([rated]);
  });
});
