/** Artifacts: the configured artifact editor, run for a discussion. */
import * as z from 'zod'

import { pathSchema } from './common.js'

export const artifactsRequests = {
  /** Runs the configured artifact editor for a discussion and waits for ARTIFACT_SAVED. */
  'artifacts:launch': z.strictObject({ path: pathSchema }),
}

export const artifactResultSchema = z.object({
  /**
   * `saved`: the editor saved `ref`; `fallback`: no editor or no display here (use the built-in
   * editor, `message` says why); `cancelled` and `refused`: nothing to add, `message` says why.
   */
  outcome: z.enum(['saved', 'fallback', 'cancelled', 'refused']),
  ref: z.string().nullable(),
  message: z.string(),
})
export type ArtifactResult = z.infer<typeof artifactResultSchema>

export interface ArtifactsResponses {
  'artifacts:launch': ArtifactResult
}
