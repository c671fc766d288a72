/**
 * Who sits on the council. Each role is answered by a persona (bundled in personas/council/,
 * overridable) whose alias is `council-<role>`; labels and tiers use the role's short id.
 */
import type { CouncilMode, CouncilTier } from './modes.js'

export type RoleKind = 'advisor' | 'referee' | 'freethinker' | 'arbiter' | 'meta'
export type CouncilGroup = 'd' | 'p'

export interface CouncilRole {
  /** The id used in labels: `pragmatist`, `d-freethinker`, `meta`. */
  id: string
  kind: RoleKind
  group: CouncilGroup | null
  /** In words, for progress lines and headings. */
  title: string
}

export const PERSONALITY_ADVISORS: readonly CouncilRole[] = [
  { id: 'pragmatist', kind: 'advisor', group: null, title: 'Pragmatist' },
  { id: 'visionary', kind: 'advisor', group: null, title: 'Visionary' },
  { id: 'skeptic', kind: 'advisor', group: null, title: 'Skeptic' },
]
export const REFEREE: CouncilRole = {
  id: 'referee',
  kind: 'referee',
  group: null,
  title: 'Referee',
}

export const GROUP_ROLES: Readonly<
  Record<CouncilGroup, { free: CouncilRole; arbiter: CouncilRole }>
> = {
  d: {
    free: { id: 'd-freethinker', kind: 'freethinker', group: 'd', title: 'D-Freethinker' },
    arbiter: { id: 'd-arbiter', kind: 'arbiter', group: 'd', title: 'D-Arbiter' },
  },
  p: {
    free: { id: 'p-freethinker', kind: 'freethinker', group: 'p', title: 'P-Freethinker' },
    arbiter: { id: 'p-arbiter', kind: 'arbiter', group: 'p', title: 'P-Arbiter' },
  },
}
export const META: CouncilRole = { id: 'meta', kind: 'meta', group: null, title: 'Meta-Arbiter' }

export function rolesOf(mode: CouncilMode): CouncilRole[] {
  return mode === 'personality'
    ? [...PERSONALITY_ADVISORS, REFEREE]
    : [GROUP_ROLES.d.free, GROUP_ROLES.d.arbiter, GROUP_ROLES.p.free, GROUP_ROLES.p.arbiter, META]
}

/** The persona that answers for a role: `council-skeptic`, `council-meta`. */
export function personaAliasOf(role: CouncilRole): string {
  return `council-${role.id}`
}

/** The other group: D's bridge packet goes to P and back. */
export function otherGroup(group: CouncilGroup): CouncilGroup {
  return group === 'd' ? 'p' : 'd'
}

export type Strength = 'default' | 'stronger'

/**
 * The seed's tiers: light runs everyone on the default provider, medium gives the referee (or
 * meta-arbiter) the stronger one, heavy gives it to everyone.
 */
export function strengthFor(role: CouncilRole, tier: CouncilTier): Strength {
  if (tier === 'heavy') return 'stronger'
  if (tier === 'medium' && (role.kind === 'referee' || role.kind === 'meta')) return 'stronger'
  return 'default'
}
