import type { TeamMember } from '@/config/team';
import { IconGitHub, IconLinkedIn } from '@/components/ui/icons';

export function MemberCard({ member }: { member: TeamMember }) {
  const links = (
    [
      ['LinkedIn', member.linkedin, IconLinkedIn],
      ['GitHub', member.github, IconGitHub],
    ] as const
  ).filter(([, href]) => href);
  return (
    <article className="flex h-full flex-col items-center rounded-[var(--radius-card)] border border-kertas-300 bg-white px-5 pt-6 pb-5 text-center shadow-kartu">
      <div className="rounded-full bg-gradient-to-b from-merah-600 from-50% to-white to-50% p-1 shadow-sm ring-1 ring-tinta-800/15">
        <img
          src={member.image}
          alt={`Foto ${member.name}`}
          width={112}
          height={112}
          loading="lazy"
          decoding="async"
          className="size-28 rounded-full border-4 border-white bg-kertas-100 object-cover"
        />
      </div>
      <h3 className="mt-4 text-lg font-bold">{member.name}</h3>
      <p className="mt-1 min-h-10 text-sm leading-snug text-tinta-600">{member.role}</p>
      {links.length > 0 ? (
        <div className="mt-4 flex gap-2">
          {links.map(([site, href, Icon]) => (
            <a
              key={site}
              href={href ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              className="grid size-11 place-items-center rounded-xl border border-kertas-300 text-tinta-700 transition-colors hover:border-merah-200 hover:bg-merah-50 hover:text-merah-700"
            >
              <Icon className="size-5" />
              <span className="sr-only">
                {site} {member.name} (membuka tab baru)
              </span>
            </a>
          ))}
        </div>
      ) : (
        // As tall as the row of links, so a sample card keeps the carousel's reserved height.
        <p className="mt-4 flex h-11 items-center rounded-full border border-kertas-300 px-3 text-xs text-tinta-600">
          Profil contoh
        </p>
      )}
    </article>
  );
}
