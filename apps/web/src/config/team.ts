/**
 * The development team shown on /home (spec sections 2 and 3).
 *
 * DEPLOYERS: edit `team.json` beside this file, and only it: one entry per member with
 * `id`, `name`, `role`, `image` (a path under apps/web/public/, e.g. "/team/nama.jpg", or any
 * same-origin URL: the CSP blocks images from other hosts), `linkedin` and `github` (full URLs,
 * or null to show no link). The entries shipped are clearly marked samples with generated
 * avatars and no links, not real people: a card without links reads "Profil contoh".
 */
import teamData from './team.json';

export type TeamMember = {
  id: number | string;
  name: string;
  role: string;
  image: string;
  linkedin: string | null;
  github: string | null;
};

export const team: readonly TeamMember[] = teamData satisfies TeamMember[];
