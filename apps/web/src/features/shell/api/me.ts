import type { ExportData, Settings } from '@dwitunggal/contracts/learning';
import { api, envelopeData } from '@/lib/api-client';

/** The learner's own settings and data (issue 15), checked against the contract's schemas. */
const schemas = () => import('@dwitunggal/contracts/schemas/learning');

export const fetchSettings = (): Promise<Settings> =>
  envelopeData(
    api.get('/me/settings'),
    schemas().then((m) => m.settings),
    'settings',
  );

export const saveSettings = (next: Settings): Promise<Settings> =>
  envelopeData(
    api.put('/me/settings', next),
    schemas().then((m) => m.settings),
    'settings',
  );

/** GET /me/export, saved by the browser as `dwitunggal-data-{date}.json`. */
export async function downloadMyData(): Promise<void> {
  const data: ExportData = await envelopeData(
    api.get('/me/export'),
    schemas().then((m) => m.exportData),
    'export',
  );
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `dwitunggal-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
