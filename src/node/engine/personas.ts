/** Saving a persona from the participants manager: to the user's own folder or the project's. */
import { join } from 'node:path'

import { DiscussionError } from '../../core/errors.js'
import type { PersonaInput } from '../../core/personas/schema.js'
import { PROJECT_DATA_DIR } from '../config/load-config.js'
import { userConfigDir } from '../config/paths.js'
import { savePersonaFile } from '../config/persona-file.js'
import type { EngineContext } from './engine-context.js'

export type PersonaTarget = 'user' | 'project'
export type SavedPersona = Awaited<ReturnType<typeof savePersonaFile>>

export async function savePersona(
  engine: EngineContext,
  persona: PersonaInput,
  target: PersonaTarget,
): Promise<SavedPersona> {
  // The folder the file must stay in (after links): the user's config folder or the project.
  let root: string
  if (target === 'user') root = userConfigDir(engine.env)
  else if (engine.projectRoot) root = engine.projectRoot
  else
    throw new DiscussionError(
      `${engine.cwd} is not inside a project (no discussions.yaml or .git above it): save to your own folder instead.`,
    )
  const dir = target === 'user' ? join(root, 'personas') : join(root, PROJECT_DATA_DIR, 'personas')
  const current = (await engine.personas()).get(persona.alias)
  return savePersonaFile(persona, dir, current?.file ?? null, root)
}
