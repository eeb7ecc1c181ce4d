import { configure, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { fakeModelsApi, makeVersion } from '../testing';

beforeAll(() => {
  configure({ asyncUtilTimeout: 4000 });
});

const base = makeVersion(2, { status: 'active' });
const regression = {
  n: 6,
  accuracy: 0.5,
  macroF1: 0.4,
  perTag: {},
  tags: ['keluarga', 'pendidikan', 'proklamasi'],
  // Rows: annotated tag; columns: predicted tag.
  confusion: [
    [1, 2, 0],
    [0, 2, 1],
    [0, 0, 0],
  ],
  serving: { version: 1, accuracy: 0.3333 },
};

describe('the regression set on the model page', () => {
  it('shows the score beside the other scores, and per tag what its questions were confused with', async () => {
    fakeModelsApi({
      versions: [{ ...base, metrics: { ...base.metrics, regression } }, makeVersion(1)],
    });
    await renderApp('/model/soekarno', { session: 'admin' });
    const summary = await screen.findByRole(
      'region',
      { name: 'Versi aktif: 2' },
      { timeout: 8000 },
    );
    const score = within(summary).getByText('Akurasi (set regresi)');
    expect(score.nextElementSibling).toHaveTextContent('50%');
    expect(within(summary).getByText('6 pertanyaan dari Kotak Masuk')).toBeInTheDocument();

    const panel = screen.getByRole('heading', { name: 'Set regresi dari pelajar' })
      .parentElement as HTMLElement;
    expect(panel).toHaveTextContent('versi 1 (yang melayani saat pelatihan): 33,3%');
    const rows = within(panel).getAllByRole('listitem');
    // A tag without annotated questions is not listed.
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('keluarga1 dari 3 benarTertukar dengan: pendidikan (2)');
    expect(rows[1]).toHaveTextContent('pendidikan2 dari 3 benarTertukar dengan: proklamasi (1)');
  });

  it('says when a version has no regression set yet', async () => {
    fakeModelsApi({ versions: [base] });
    await renderApp('/model/soekarno', { session: 'learner' });
    const summary = await screen.findByRole('region', { name: 'Versi aktif: 2' });
    expect(within(summary).getByText('Belum ada set regresi')).toBeInTheDocument();
    expect(
      screen.getByText(/^Belum ada set regresi: pertanyaan yang ditambahkan/),
    ).toBeInTheDocument();
  });
});
