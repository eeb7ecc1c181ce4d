import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CHARACTER_NAMES, type CharacterKey } from '@dwitunggal/contracts/characters';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { IconRefresh } from '@/components/ui/icons';
import { IconSparkle } from '@/components/ui/icons-actions';
import type { ToastInput } from '@/components/ui/toast';
import { modelPath } from '@/config/paths';
import { useModelUpdate } from '../hooks/use-model-update';
import { formatDuration, TrainingOverlay } from './training-overlay';

/** Stable accessible names (the benchmark clicks them). */
export const UPDATE_BUTTON_NAME = 'Perbarui Model';
export const CONFIRM_BUTTON_NAME = 'Ya, perbarui model';
export const confirmTitle = (name: string) => `Perbarui model ${name}?`;

/**
 * The archive header's model actions: a link to the model page, and "Perbarui Model" with its
 * confirmation, the retraining overlay and the result toasts (given to the screen's `notify`).
 */
export function ModelActions({
  figure,
  notify,
}: {
  figure: CharacterKey;
  notify: (toast: ToastInput) => void;
}) {
  const name = CHARACTER_NAMES[figure];
  const href = modelPath(figure);
  const { state, elapsedMs, ask, cancel, confirm } = useModelUpdate({
    figure,
    modelPageHref: href,
    notify,
  });
  const [force, setForce] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const forceId = useId();
  const forceHelpId = useId();

  return (
    <>
      <Link to={href} className={buttonClasses('ghost', 'md', 'border border-transparent')}>
        <IconSparkle className="size-5" />
        Lihat Model
      </Link>
      <Button
        variant="secondary"
        onClick={() => {
          setForce(false);
          ask();
        }}
        disabled={state.step === 'training'}
        aria-haspopup="dialog"
      >
        <IconRefresh className="size-5" />
        {UPDATE_BUTTON_NAME}
      </Button>

      <Dialog
        open={state.step === 'confirm'}
        onClose={cancel}
        eyebrow="Model TFJS"
        title={confirmTitle(name)}
        description={`Model dilatih ulang dari tag, input, dan respons ${name} saat ini, lalu diuji dengan validasi silang.`}
        initialFocusRef={confirmRef}
        footer={
          <>
            <Button variant="secondary" onClick={cancel}>
              Batal
            </Button>
            <Button ref={confirmRef} onClick={() => confirm(force)}>
              <IconRefresh className="size-5" />
              {CONFIRM_BUTTON_NAME}
            </Button>
          </>
        }
      >
        <div className="space-y-4 text-sm leading-relaxed text-tinta-700">
          <p className="rounded-xl border border-kertas-300 bg-white px-4 py-3" aria-live="polite">
            Perkiraan waktu:{' '}
            <strong className="text-tinta-900">
              {state.step === 'confirm' && state.etaMs !== null
                ? `± ${formatDuration(state.etaMs)}`
                : 'menghitung…'}
            </strong>
            <span className="block text-xs text-tinta-600">
              Dari pelatihan terakhir; 1 menit bila belum pernah dilatih.
            </span>
          </p>
          <p>
            Selama pelatihan, model aktif tetap melayani percakapan. Setelah selesai, halaman model
            terbuka di tab baru.
          </p>
          <div className="flex items-start gap-3">
            <input
              id={forceId}
              type="checkbox"
              checked={force}
              onChange={(e) => setForce(e.target.checked)}
              aria-describedby={forceHelpId}
              className="mt-0.5 size-5 shrink-0 accent-merah-600"
            />
            <div>
              <label htmlFor={forceId} className="font-semibold text-tinta-900">
                Aktifkan walaupun skornya turun
              </label>
              <p id={forceHelpId} className="text-xs text-tinta-600">
                Tanpa pilihan ini, model baru yang F1 makronya lebih dari 2 poin di bawah versi
                aktif disimpan sebagai kandidat.
              </p>
            </div>
          </div>
        </div>
      </Dialog>

      {state.step === 'training' && (
        <TrainingOverlay
          figureName={name}
          run={state.run}
          elapsedMs={elapsedMs}
          etaMs={state.etaMs}
        />
      )}
    </>
  );
}
