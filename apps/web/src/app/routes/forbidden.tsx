import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { IconArrowLeft, IconKey, IconLock, IconShield } from '@/components/ui/icons';
import { StatusPage } from '@/components/ui/status-page';
import { paths } from '@/config/paths';

const badges = [
  { label: 'Area Terlindungi', icon: IconShield },
  { label: 'Akses Terbatas', icon: IconLock },
  { label: 'Izin Diperlukan', icon: IconKey },
];

/** `/403` (spec section 2): code, 'Akses Ditolak', explanation, three badges, 'Kembali'. */
export function ForbiddenRoute() {
  return (
    <StatusPage code="403" stamp="Arsip tertutup">
      <title>Akses Ditolak · Dwitunggal</title>
      <h1 className="text-3xl font-bold sm:text-4xl">Akses Ditolak</h1>
      <p className="mx-auto mt-3 max-w-md leading-relaxed text-tinta-600">
        Hanya pengguna dengan peran <strong className="font-semibold text-tinta-800">admin</strong>{' '}
        yang dapat memasuki halaman pengelolaan data.
      </p>
      <ul className="mt-7 flex flex-wrap justify-center gap-2.5" aria-label="Status akses">
        {badges.map(({ label, icon: Icon }) => (
          <li
            key={label}
            className="inline-flex items-center gap-2 rounded-full border border-merah-200 bg-white px-3.5 py-1.5 text-sm font-medium text-merah-800 shadow-sm"
          >
            <Icon className="size-4" />
            {label}
          </li>
        ))}
      </ul>
      <Link to={paths.home} className={buttonClasses('primary', 'lg', 'mt-9')}>
        <IconArrowLeft className="size-5" />
        Kembali
      </Link>
    </StatusPage>
  );
}
