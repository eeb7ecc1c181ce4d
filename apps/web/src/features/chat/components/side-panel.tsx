import { useEffect, useId, useRef } from 'react';
import { cn } from '@/lib/cn';
import {
  ACHIEVEMENT_TOTAL,
  achievementPercent,
  type ChatCharacter,
  type ChatModel,
} from '../config/characters';
import { useModelStatus, useTagName, type ModelStatus } from '../lib/model-manager';
import { IconBook, IconCpu, IconMedal } from './chat-icons';
import { Portrait } from './portrait';

/** Spec section 2: profile card (Soekarno 1901-1970, Hatta 1902-1980). */
export function ProfileCard({ character }: { character: ChatCharacter }) {
  return (
    <section
      aria-labelledby={`profil-${character.key}`}
      className="relative overflow-hidden rounded-[var(--radius-card)] border border-kertas-300 bg-white p-4 shadow-kartu"
    >
      <div className="garis-bendera absolute inset-x-0 top-0 h-1.5" aria-hidden="true" />
      <div className="mt-1 flex items-center gap-3.5">
        <Portrait character={character} className="size-[4.5rem] shadow-kartu" />
        <div className="min-w-0">
          <p className="text-[0.68rem] leading-snug font-semibold tracking-[0.12em] text-merah-700 uppercase">
            {character.title}
          </p>
          <h2 id={`profil-${character.key}`} className="mt-0.5 text-xl leading-tight font-bold">
            {character.name}
          </h2>
          <p className="mt-1 inline-block rounded-full bg-kertas-100 px-2.5 py-0.5 text-xs font-semibold text-tinta-800">
            {character.years}
          </p>
        </div>
      </div>
      <dl className="mt-3.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-t border-kertas-200 pt-3 text-sm">
        <dt className="font-semibold text-tinta-700">Lahir</dt>
        <dd className="text-tinta-700">{character.born}</dd>
        <dt className="font-semibold text-tinta-700">Wafat</dt>
        <dd className="text-tinta-700">{character.died}</dd>
      </dl>
    </section>
  );
}

const MODEL_OPTIONS: readonly {
  value: ChatModel;
  label: string;
  description: string;
  icon: typeof IconCpu;
}[] = [
  {
    value: 'tfjs',
    label: 'TF.js',
    description: 'Berjalan di perangkat Anda, tetap menjawab saat luring, dan membuka pencapaian.',
    icon: IconCpu,
  },
  {
    value: 'rag',
    label: 'RAG',
    description: 'Menjawab dari arsip sejarah, lengkap dengan sumbernya.',
    icon: IconBook,
  },
];

function statusText(status: ModelStatus): string | null {
  switch (status.state) {
    case 'loading':
      return 'Memuat model…';
    case 'ready':
      return `Model versi ${status.version} siap · ${status.tags} topik`;
    case 'missing':
      return 'Model belum tersedia. Gunakan RAG untuk sementara.';
    case 'error':
      return 'Model belum dapat dimuat. Periksa koneksi Anda.';
    default:
      return null;
  }
}

/** Spec section 2: tfjs or rag, persisted per figure. */
export function ModelSelector({
  character,
  value,
  onChange,
}: {
  character: ChatCharacter;
  value: ChatModel;
  onChange: (model: ChatModel) => void;
}) {
  // Subscribed here, not in the chat screen: the model loading in the background re-renders
  // this card only.
  const status = useModelStatus(character.key);
  const name = `model-${character.key}`;
  const tfjsStatus = statusText(status);
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // On a prerendered chat a learner can pick a model before the app's script has run. The browser
  // checks that radio, React keeps the checked state when it hydrates but never saw the click,
  // and the next render would put the old choice back. So, once, on the hydrated DOM: a radio
  // checked although it was not rendered checked is the learner's choice, and is stored.
  useEffect(() => {
    const picked = fieldset.current?.querySelector<HTMLInputElement>('input:checked');
    const option = MODEL_OPTIONS.find((o) => o.value === picked?.value);
    if (picked && option && !picked.defaultChecked) onChange(option.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the DOM React hydrated
  }, []);
  return (
    <fieldset
      ref={fieldset}
      className="rounded-[var(--radius-card)] border border-kertas-300 bg-white p-4 shadow-kartu"
    >
      <legend className="sr-only">Model percakapan</legend>
      <p aria-hidden="true" className="font-display text-lg font-bold text-tinta-900">
        Model percakapan
      </p>
      <div className="mt-3 space-y-2">
        {MODEL_OPTIONS.map((option) => {
          const checked = value === option.value;
          const Icon = option.icon;
          return (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-merah-600',
                checked
                  ? 'border-merah-600 bg-merah-50/60'
                  : 'border-kertas-300 hover:border-tinta-400 hover:bg-kertas-50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="sr-only"
              />
              <span
                className={cn(
                  'mt-0.5 grid size-9 shrink-0 place-items-center rounded-lg',
                  checked ? 'bg-merah-600 text-white' : 'bg-kertas-100 text-tinta-700',
                )}
              >
                <Icon className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="flex items-center gap-2 font-semibold text-tinta-900">
                  {option.label}
                  {option.value === 'tfjs' && (
                    <span className="rounded-full bg-kertas-200 px-2 py-px text-[0.68rem] font-semibold text-tinta-700">
                      bawaan
                    </span>
                  )}
                </span>
                <span className="mt-0.5 block text-sm leading-snug text-tinta-600">
                  {option.description}
                </span>
                {option.value === 'tfjs' && checked && tfjsStatus && (
                  <span
                    className={cn(
                      'mt-1.5 flex items-start gap-1.5 text-xs font-medium',
                      status.state === 'ready' ? 'text-hijau-700' : 'text-tinta-700',
                    )}
                    data-testid="model-status"
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        'mt-[0.3rem] size-1.5 shrink-0 rounded-full',
                        status.state === 'ready' && 'bg-hijau-700',
                        status.state === 'loading' && 'animate-denyut bg-emas-500',
                        (status.state === 'missing' || status.state === 'error') && 'bg-merah-600',
                      )}
                    />
                    {tfjsStatus}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The line under the progress bar. The spec's target is 10 topics, but a figure may know more
 * (up to 15): reaching 10 completes the target, and only every topic of the model is "semua".
 */
export function progressText(open: number, topics: number | null): string {
  if (open < ACHIEVEMENT_TOTAL) return `${open} dari ${ACHIEVEMENT_TOTAL} topik terbuka`;
  if (topics !== null && open >= topics) return `Semua ${open} topik terbuka`;
  const known = topics !== null ? ` dari ${topics}` : '';
  return `Target ${ACHIEVEMENT_TOTAL} topik tercapai · ${open}${known} topik terbuka`;
}

/** Spec sections 4 and 9: tags reached, out of 10, percent floored and capped at 100. */
export function AchievementProgress({
  character,
  tags,
}: {
  character: ChatCharacter;
  tags: readonly string[];
}) {
  const tagLabel = useTagName(character.key);
  const percent = achievementPercent(tags.length);
  const labelId = useId();
  // How many topics the figure's model knows, once it is loaded: "semua" only when all are open.
  const status = useModelStatus(character.key);
  const topics = status.state === 'ready' ? status.tags : null;
  const slots = Math.max(ACHIEVEMENT_TOTAL, tags.length);
  return (
    <section
      aria-labelledby={labelId}
      className="rounded-[var(--radius-card)] border border-kertas-300 bg-white p-4 shadow-kartu"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={labelId} className="text-lg font-bold">
          Pencapaian dialog
        </h2>
        <span
          className="font-display text-2xl font-bold text-merah-700"
          data-testid="achievement-percent"
        >
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Pencapaian dialog dengan ${character.honorific}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%, ${Math.min(tags.length, ACHIEVEMENT_TOTAL)} dari ${ACHIEVEMENT_TOTAL} topik`}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-kertas-200"
      >
        <div
          className="h-full w-0 rounded-full bg-gradient-to-r from-merah-600 to-merah-500 transition-[width] duration-500"
          // No style attribute at 0% (a prerendered page's, which the CSP would block).
          style={percent > 0 ? { width: `${percent}%` } : undefined}
        />
      </div>
      <p className="mt-2 text-sm text-tinta-600">{progressText(tags.length, topics)}</p>
      <ul className="mt-3 grid grid-cols-5 gap-1.5" aria-label="Topik yang sudah terbuka">
        {Array.from({ length: slots }, (_, i) => {
          const tag = tags[i];
          return tag ? (
            <li
              key={tag}
              title={tagLabel(tag)}
              className="grid h-9 place-items-center rounded-lg bg-merah-700 text-emas-300 shadow-sm animate-muncul"
            >
              <IconMedal className="size-5" />
              <span className="sr-only">{tagLabel(tag)}</span>
            </li>
          ) : (
            <li
              key={`kosong-${i}`}
              aria-hidden="true"
              className="grid h-9 place-items-center rounded-lg border border-dashed border-kertas-400 text-tinta-300"
            >
              <IconMedal className="size-5" />
            </li>
          );
        })}
      </ul>
      {tags.length > 0 ? (
        <p className="mt-3 text-sm leading-relaxed text-tinta-700">
          <span className="font-semibold">Terbuka: </span>
          {tags.map(tagLabel).join(', ')}
        </p>
      ) : (
        <p className="mt-3 text-sm leading-relaxed text-tinta-600">
          Belum ada topik terbuka. Bertanyalah dengan model TF.js untuk membuka topik baru.
        </p>
      )}
    </section>
  );
}
