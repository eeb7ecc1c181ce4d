import { Link } from 'react-router';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { buttonClasses } from '@/components/ui/button';
import { IconArchive } from '@/components/ui/icons';
import { inboxPath } from '@/config/paths';
import { INBOX_TEXT } from '../api/inbox-api';
import { useInboxCount } from '../hooks/use-inbox';

/** The archive header's way into the inbox: "Kotak Masuk" with how many groups wait. */
export function InboxLink({ figure }: { figure: CharacterKey }) {
  const open = useInboxCount(figure);
  return (
    <Link
      to={inboxPath(figure)}
      className={buttonClasses('ghost', 'md', 'border border-transparent')}
      aria-label={
        open === null ? INBOX_TEXT.title : `${INBOX_TEXT.title}: ${open} kelompok menunggu`
      }
    >
      <IconArchive className="size-5" />
      {INBOX_TEXT.title}
      {open !== null && (
        <span
          aria-hidden="true"
          className={
            open > 0
              ? 'min-w-6 rounded-full bg-merah-600 px-1.5 py-0.5 text-center text-xs font-bold text-white tabular-nums'
              : 'min-w-6 rounded-full bg-kertas-200 px-1.5 py-0.5 text-center text-xs font-bold text-tinta-700 tabular-nums'
          }
        >
          {open}
        </span>
      )}
    </Link>
  );
}
