/** The workspace: the folders the person opened. Every path a request names must lie inside one. */
import * as z from 'zod'

import { emptyRequest, pathSchema } from './common.js'

export const workspaceRequests = {
  /** Opens a folder; without `folder` the desktop app asks with the system's folder picker. */
  'workspace:open': z.strictObject({ folder: pathSchema.optional() }),
  'workspace:recent': emptyRequest,
}

export const workspaceStateSchema = z.object({
  /** The folders open in this session (real paths), the one the app started on first. */
  folders: z.array(z.string()),
  /** Folders opened before, most recent first (at most 10). */
  recent: z.array(z.string()),
})
export type WorkspaceState = z.infer<typeof workspaceStateSchema>

export const workspaceOpenedSchema = z.object({
  /** The folder opened (real path); null when the picker was cancelled. */
  folder: z.string().nullable(),
  state: workspaceStateSchema,
})
export type WorkspaceOpened = z.infer<typeof workspaceOpenedSchema>

export interface WorkspaceResponses {
  'workspace:open': WorkspaceOpened
  'workspace:recent': WorkspaceState
}
