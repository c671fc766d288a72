/** Personas and templates: what a new discussion can be made of. */
import { z } from 'zod'

import { pathSchema } from './common.js'

/** The folder whose project personas and templates count; absent: the first workspace folder. */
const folderRequest = z.strictObject({ folder: pathSchema.optional() })

export const registryRequests = {
  'personas:list': folderRequest,
  'templates:list': folderRequest,
}

export interface PersonaInfo {
  alias: string
  /** The name its comments are signed with: `AI-Architect`. */
  name: string
  role: string
  type: 'voting' | 'background'
  source: 'project' | 'user' | 'bundled'
}

export interface PhaseInfo {
  id: string
  title: string
  goal: string | null
  voting: boolean
}

export interface TemplateInfo {
  name: string
  title: string | null
  description: string | null
  phases: PhaseInfo[]
  /** The participants a new discussion from it starts with (aliases). */
  participants: string[]
  source: 'project' | 'user' | 'bundled'
}

export interface RegistryResponses {
  'personas:list': PersonaInfo[]
  'templates:list': TemplateInfo[]
}
