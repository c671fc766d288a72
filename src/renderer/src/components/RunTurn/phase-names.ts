import type { PhaseInfo } from '@shared/contract/index.js'

/** A phase as its template names it ("Consensus vote"), the raw id only when the template does not know it. */
export function phaseTitle(phases: readonly PhaseInfo[], id: string | null): string {
  if (!id) return 'no phase'
  return phases.find((phase) => phase.id === id)?.title ?? id.replace(/_/g, ' ')
}
