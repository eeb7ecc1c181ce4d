import { QueryObserver, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { ToastInput } from '@/components/ui/toast';
import { toApiFailure } from '@/lib/api-error';
import {
  estimateFrom,
  fetchRun,
  MODEL_TAB_DELAY_MS,
  MODEL_TOAST_MS,
  MODEL_TOASTS,
  POLL_MS,
  startTraining,
  type TrainingRun,
} from '../api/models-api';
import { modelKeys, versionsQuery } from './use-model-versions';

export type UpdateStep =
  | { step: 'idle' }
  | { step: 'confirm'; etaMs: number | null }
  | { step: 'training'; startedAt: number; etaMs: number; run: TrainingRun | null };

/** Polls in a row that may fail (a restarting proxy, a flaky network) before the run is given up. */
const MAX_POLL_FAILURES = 8;

/** The text shown in the tab opened for the model page while the model trains. */
export const PREPARING_TAB_TEXT =
  'Menyiapkan halaman model… Halaman ini terbuka otomatis setelah pelatihan selesai.';
export const OPEN_MODEL_PAGE = 'Buka halaman model';

const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));
const percent = (x: number) => `${(x * 100).toFixed(1).replace('.', ',')}%`;

/**
 * Opens the tab for the model page now, inside the click (a user gesture, so popup blockers let
 * it through), with a short note; it is navigated after success and closed on failure. Null when
 * the browser refused.
 */
function openPreparingTab(): Window | null {
  let tab: Window | null;
  try {
    tab = window.open('', '_blank');
  } catch {
    return null;
  }
  if (!tab) return null;
  try {
    tab.opener = null;
    const doc = tab.document;
    doc.title = 'Menyiapkan halaman model…';
    const note = doc.createElement('p');
    note.textContent = PREPARING_TAB_TEXT;
    Object.assign(note.style, {
      font: '16px/1.5 system-ui, sans-serif',
      color: '#33281e',
      margin: '3rem auto',
      maxWidth: '32rem',
      padding: '0 1rem',
    });
    doc.body.style.background = '#fbf7f0';
    doc.body.append(note);
  } catch {
    // A browser that does not let us write into the blank tab still navigates it later.
  }
  return tab;
}

/**
 * The update-model flow (spec section 4, "Model update"): confirmation, then the run is started
 * and polled while an overlay shows the time, the progress and the estimate; then a toast that
 * stays 4.5 s, and on success the model page opens in a new tab 3 s later.
 */
export function useModelUpdate({
  figure,
  modelPageHref,
  notify,
}: {
  figure: CharacterKey;
  /** The model page (absolute or app path) the new tab opens. */
  modelPageHref: string;
  notify: (toast: ToastInput) => void;
}) {
  const client = useQueryClient();
  const [state, setState] = useState<UpdateStep>({ step: 'idle' });
  const [now, setNow] = useState(() => Date.now());
  const alive = useRef(true);
  const notifyRef = useRef(notify);
  /** The tab opened for the model page while a run is started and polled. */
  const tabRef = useRef<Window | null>(null);
  const stopPolling = useRef(() => {});

  useEffect(() => {
    notifyRef.current = notify;
  });
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      // The screen was left mid-run: the run goes on on the server; the tab is not needed.
      stopPolling.current();
      tabRef.current?.close();
      tabRef.current = null;
    };
  }, []);

  const training = state.step === 'training';
  useEffect(() => {
    if (!training) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [training]);

  const start = useMutation({
    mutationFn: (force: boolean) => startTraining(figure, force),
  });
  /** Opens the confirmation and looks up the last run's time for the estimate. */
  const ask = useCallback(() => {
    setState({ step: 'confirm', etaMs: null });
    void client
      .fetchQuery(versionsQuery(figure))
      .then((versions) => estimateFrom(versions))
      .catch(() => estimateFrom(null))
      .then((etaMs) => {
        if (!alive.current) return;
        setState((s) => (s.step === 'confirm' ? { step: 'confirm', etaMs } : s));
      });
  }, [client, figure]);

  const cancel = useCallback(() => {
    setState((s) => (s.step === 'confirm' ? { step: 'idle' } : s));
  }, []);

  const finish = useCallback(
    (run: TrainingRun | null, failure?: string | null) => {
      const tab = tabRef.current;
      tabRef.current = null;
      setState({ step: 'idle' });
      const say = (toast: ToastInput) => notifyRef.current({ duration: MODEL_TOAST_MS, ...toast });
      if (!run || run.status !== 'succeeded') {
        tab?.close();
        say({
          tone: 'error',
          title: MODEL_TOASTS.failure,
          description: failure ?? run?.error ?? undefined,
        });
        return;
      }
      const link = tab ? undefined : { label: OPEN_MODEL_PAGE, href: modelPageHref };
      const took = run.durationMs ? ` dalam ${seconds(run.durationMs)} detik` : '';
      if (run.activated) {
        say({
          tone: 'success',
          title: MODEL_TOASTS.success,
          description: `Versi ${run.version} sekarang aktif (dilatih${took}).`,
          link,
        });
      } else {
        // Trained, but the quality gate kept it as a candidate: not the spec's success wording.
        const gate = run.gate;
        const scores = gate
          ? ` F1 makro ${percent(gate.candidateMacroF1)}${gate.activeMacroF1 !== null ? `, versi aktif ${percent(gate.activeMacroF1)}` : ''}.`
          : '';
        say({
          tone: 'info',
          title: `Model TFJS selesai dilatih, tetapi disimpan sebagai kandidat (versi ${run.version})`,
          description: `Skornya turun melewati ambang mutu; versi aktif tetap dipakai.${scores} Aktifkan dari halaman model bila perlu.`,
          link,
        });
      }
      if (tab) {
        const target = new URL(modelPageHref, window.location.href).href;
        setTimeout(() => {
          try {
            if (!tab.closed) tab.location.href = target;
          } catch {
            // The tab is gone or no longer ours: nothing to do.
          }
        }, MODEL_TAB_DELAY_MS);
      }
    },
    [modelPageHref],
  );

  /**
   * Polls the started run through the query cache every POLL_MS (the first time POLL_MS after
   * the start) until it ends; a failing poll is tried again POLL_MS later, up to
   * MAX_POLL_FAILURES in a row (not after a 404). Polling goes on in a background tab.
   */
  const follow = useCallback(
    (runId: string) => {
      const observer = new QueryObserver<TrainingRun | null>(client, {
        queryKey: modelKeys.run(runId),
        queryFn: ({ signal }) => fetchRun(runId, signal),
        initialData: null,
        staleTime: Infinity,
        refetchInterval: (query) =>
          query.state.status === 'error' || isDone(query.state.data) ? false : POLL_MS,
        refetchIntervalInBackground: true,
        retry: (failures, error) =>
          failures < MAX_POLL_FAILURES - 1 && toApiFailure(error).status !== 404,
        retryDelay: POLL_MS,
      });
      const stop = observer.subscribe(({ data: run, error }) => {
        if (error || isDone(run)) {
          stopPolling.current();
          if (error) finish(null, toApiFailure(error).message);
          else finish(run ?? null);
        } else if (run) {
          setState((s) => (s.step === 'training' ? { ...s, run } : s));
        }
      });
      stopPolling.current = () => {
        stopPolling.current = () => {};
        stop();
      };
    },
    [client, finish],
  );

  /** Confirmed: must run inside the click so that the new tab is allowed. */
  const confirm = useCallback(
    (force: boolean) => {
      const etaMs =
        state.step === 'confirm' && state.etaMs !== null ? state.etaMs : estimateFrom(null);
      const tab = openPreparingTab();
      tabRef.current = tab;
      const startedAt = Date.now();
      setNow(startedAt);
      setState({ step: 'training', startedAt, etaMs, run: null });

      start.mutateAsync(force).then(
        (id) => {
          // Left before the run started: the unmount closed the tab.
          if (alive.current) follow(id);
        },
        (error: unknown) => {
          const failure = toApiFailure(error);
          tabRef.current = null;
          tab?.close();
          setState({ step: 'idle' });
          if (failure.status === 409) {
            notifyRef.current({
              tone: 'info',
              title: failure.message ?? 'Model sedang dilatih; tunggu sampai pelatihan selesai',
              description:
                'Pelatihan lain untuk tokoh ini sedang berjalan. Coba lagi setelah selesai.',
              duration: MODEL_TOAST_MS,
            });
          } else {
            finish(null, failure.message);
          }
        },
      );
    },
    [finish, follow, start, state],
  );

  const elapsedMs = state.step === 'training' ? Math.max(0, now - state.startedAt) : 0;
  return { state, elapsedMs, ask, cancel, confirm };
}

const isDone = (run: TrainingRun | null | undefined): run is TrainingRun =>
  run?.status === 'succeeded' || run?.status === 'failed';
