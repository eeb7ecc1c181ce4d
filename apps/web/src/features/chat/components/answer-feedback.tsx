import type { CharacterKey } from '@dwitunggal/contracts/characters';
import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_REASONS,
  type FeedbackBody,
} from '@dwitunggal/contracts/learning';
import { useId, useState, type FormEvent } from 'react';
import { cn } from '@/lib/cn';
import { toApiFailure } from '@/lib/api-error';
import { sendFeedback } from '../learning/api';
import { flushQueue, isQueued } from '../learning/sync-queue';
import { setRating } from '../stores/chat-history';
import { IconThumbDown, IconThumbUp } from './chat-icons';

type Reason = (typeof FEEDBACK_REASONS)[number];

/** The reasons a learner can give for a thumbs down, as the form shows them. */
export const REASON_LABELS: Readonly<Record<Reason, string>> = {
  salah_fakta: 'Salah fakta',
  tidak_menjawab: 'Tidak menjawab pertanyaan',
  bahasa_aneh: 'Bahasa aneh',
  lainnya: 'Lainnya',
};

export const FEEDBACK_MESSAGES = {
  thanks: 'Terima kasih atas penilaian Anda.',
  offline: 'Penilaian belum terkirim. Periksa koneksi Anda, lalu coba lagi.',
  failed: 'Penilaian belum terkirim. Coba lagi sebentar lagi.',
  chooseReason: 'Pilih alasannya.',
} as const;

/**
 * Sends a rating. The answer must be stored on the server first: a tfjs answer still in the
 * queue is sent before it (the server rates only its stored turns).
 */
async function rate(userId: string, body: FeedbackBody): Promise<void> {
  if (isQueued(userId, body.messageId)) await flushQueue(userId);
  if (isQueued(userId, body.messageId)) throw new Error('not synced');
  const { feedbackBody } = await import('@dwitunggal/contracts/schemas/learning');
  await sendFeedback(feedbackBody.parse(body));
}

/**
 * Thumbs up or down under a figure's answer (issue 15). Thumbs down opens a small form: a reason
 * and an optional comment of at most 500 characters. The pressed button shows the rating the
 * server has, kept with the answer in the chat history (so it shows again after a reload, and
 * on another device once the history is restored).
 */
export function AnswerFeedback({
  character,
  messageId,
  userId,
  rating,
}: {
  character: CharacterKey;
  messageId: string;
  userId: string;
  rating: 'up' | 'down' | undefined;
}) {
  const [formOpen, setFormOpen] = useState(false);
  const [reason, setReason] = useState<Reason | ''>('');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const formId = useId();

  const submit = async (body: Omit<FeedbackBody, 'character' | 'messageId'>) => {
    setBusy(true);
    setNote(null);
    try {
      await rate(userId, { character, messageId, ...body });
      setRating(character, messageId, body.rating);
      setFormOpen(false);
      setNote({ tone: 'ok', text: FEEDBACK_MESSAGES.thanks });
    } catch (error) {
      // No answer (offline), or the answer itself still waiting to be stored.
      const offline = toApiFailure(error).status === null;
      setNote({
        tone: 'error',
        text: offline ? FEEDBACK_MESSAGES.offline : FEEDBACK_MESSAGES.failed,
      });
    } finally {
      setBusy(false);
    }
  };

  const onSubmitDown = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setNote({ tone: 'error', text: FEEDBACK_MESSAGES.chooseReason });
      return;
    }
    const text = comment.trim();
    void submit({ rating: 'down', reason, ...(text ? { comment: text } : {}) });
  };

  const thumb = (pressed: boolean) =>
    cn(
      'grid size-9 place-items-center rounded-lg border transition-colors disabled:opacity-60',
      pressed
        ? 'border-merah-600 bg-merah-50 text-merah-700'
        : 'border-transparent text-tinta-500 hover:border-kertas-300 hover:bg-kertas-100 hover:text-tinta-800',
    );

  return (
    <div className="mt-1 w-full px-1" data-testid="answer-feedback">
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={thumb(rating === 'up')}
          aria-label="Jawaban membantu"
          aria-pressed={rating === 'up'}
          disabled={busy}
          onClick={() => void submit({ rating: 'up' })}
        >
          <IconThumbUp className="size-4.5" />
        </button>
        <button
          type="button"
          className={thumb(rating === 'down' || formOpen)}
          aria-label="Jawaban kurang tepat"
          aria-pressed={rating === 'down'}
          aria-expanded={formOpen}
          aria-controls={formOpen ? formId : undefined}
          disabled={busy}
          onClick={() => {
            setNote(null);
            setFormOpen((open) => !open);
          }}
        >
          <IconThumbDown className="size-4.5" />
        </button>
        {note && (
          <p
            role={note.tone === 'error' ? 'alert' : 'status'}
            className={cn(
              'ml-1 text-xs',
              note.tone === 'error' ? 'text-merah-700' : 'font-medium text-hijau-700',
            )}
          >
            {note.text}
          </p>
        )}
      </div>
      {formOpen && (
        <form
          id={formId}
          onSubmit={onSubmitDown}
          aria-label="Apa yang kurang tepat?"
          className="mt-2 w-full max-w-md rounded-xl border border-kertas-300 bg-white p-3 shadow-sm animate-muncul"
        >
          <fieldset>
            <legend className="text-sm font-semibold text-tinta-900">Apa yang kurang tepat?</legend>
            <div className="mt-2 grid gap-1.5 sm:grid-cols-2">
              {FEEDBACK_REASONS.map((value) => (
                <label
                  key={value}
                  className={cn(
                    'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-2.5 text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-merah-600',
                    reason === value
                      ? 'border-merah-600 bg-merah-50/60 text-tinta-900'
                      : 'border-kertas-300 text-tinta-800 hover:bg-kertas-50',
                  )}
                >
                  <input
                    type="radio"
                    name={`${formId}-alasan`}
                    value={value}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                    className="accent-merah-600"
                  />
                  {REASON_LABELS[value]}
                </label>
              ))}
            </div>
          </fieldset>
          <label
            htmlFor={`${formId}-komentar`}
            className="mt-3 block text-sm font-semibold text-tinta-900"
          >
            Keterangan <span className="font-normal text-tinta-600">(opsional)</span>
          </label>
          <textarea
            id={`${formId}-komentar`}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            maxLength={FEEDBACK_COMMENT_MAX}
            rows={2}
            aria-describedby={`${formId}-sisa`}
            className="mt-1 block w-full resize-y rounded-lg border border-kertas-400 bg-white px-2.5 py-2 text-sm text-tinta-900 focus-visible:border-merah-600 focus-visible:ring-3 focus-visible:ring-merah-600/20 focus-visible:outline-none"
          />
          <p id={`${formId}-sisa`} className="mt-1 text-right text-xs text-tinta-600">
            {comment.length}/{FEEDBACK_COMMENT_MAX}
          </p>
          <div className="mt-2 flex justify-end gap-2">
            <button
              type="button"
              onClick={() => setFormOpen(false)}
              className="min-h-10 rounded-lg px-3 text-sm font-medium text-tinta-700 hover:bg-kertas-100"
            >
              Batal
            </button>
            <button
              type="submit"
              disabled={busy}
              className="min-h-10 rounded-lg bg-merah-600 px-4 text-sm font-semibold text-white hover:bg-merah-700 disabled:opacity-60"
            >
              Kirim penilaian
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
