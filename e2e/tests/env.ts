export const E2E_PORT = Number(process.env.E2E_PORT ?? 3111);
export const ADMIN = { email: 'admin@e2e.dwitunggal.test', password: 'ArsipAdmin2024' } as const;
