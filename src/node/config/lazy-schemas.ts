/**
 * The schemas settings, personas and templates are checked against, each imported only when a
 * check has to run (check-cache.ts): a command whose files were checked before never builds them.
 */
import type { DiscussionsConfig } from '../../core/config/schema.js'
import type { Persona } from '../../core/personas/schema.js'
import type { Template } from '../../core/templates/schema.js'
import type { LazySchema } from './check-cache.js'

export const SETTINGS_SCHEMA: LazySchema<DiscussionsConfig> = {
  name: 'settings',
  load: async () => (await import('../../core/config/schema.js')).discussionsConfigSchema,
}

export const PERSONA_SCHEMA: LazySchema<Persona> = {
  name: 'persona',
  load: async () => (await import('../../core/personas/schema.js')).personaSchema,
}

export const PARTICIPANTS_LIST_SCHEMA: LazySchema<{ participants: unknown[] }> = {
  name: 'participants-list',
  load: async () => (await import('../../core/personas/schema.js')).participantsListOutlineSchema,
}

export const TEMPLATE_SCHEMA: LazySchema<Template> = {
  name: 'template',
  load: async () => (await import('../../core/templates/schema.js')).templateSchema,
}
