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

/**
 * Pushed when an open folder's settings changed on disk (providers.yaml, a persona or template
 * file, the project's or the user's) and were read again. With `problems`, a file could not be
 * read and the settings read before stay in use until it is fixed.
 */
export const settingsChangedSchema = z.object({
  /** The open folder whose settings these are. */
  folder: z.string(),
  /** The names added, removed or changed, by kind then name; empty when only problems changed. */
  changes: z.array(
    z.object({
      kind: z.enum(['provider', 'persona', 'template']),
      name: z.string(),
      change: z.enum(['added', 'removed', 'changed']),
    }),
  ),
  /** What is wrong, each with its file and line (`providers.yaml:3: ...`); empty when all is read. */
  problems: z.array(z.string()),
})
export type SettingsChanged = z.infer<typeof settingsChangedSchema>
