/**
 * What a turn runs on. A persona with an external participant program (its `command:`, or a
 * `discussion-<alias>` on PATH) is answered by that program; the rest by their providers.
 */
import { randomBytes } from 'node:crypto'
import { dirname, join } from 'node:path'

import type { TurnDeps } from '../../core/turns/run-turn.js'
import { ProviderError } from '../../core/providers/port.js'
import type { ConsensusConfig } from '../../core/voting/consensus.js'
import { PROJECT_DATA_DIR } from '../config/load-config.js'
import { bundledDir } from '../config/paths.js'
import type { Template } from '../../core/templates/schema.js'
import type { PersonaRegistry } from '../config/registry.js'
import { saveNewDiagram } from '../diagrams/save-diagram.js'
import { callExternal, externalProgram, participantLogFile } from '../participants/external.js'
import type { LoadedProviders } from '../providers/load-providers.js'
import { providerCaller } from '../providers/provider-caller.js'
import type { DiscussionFileStore } from '../store/discussion-store.js'
import { privateStateFolder } from '../store/private-state.js'
import { stateDir } from '../store/state-dir.js'

export interface TurnParts {
  personas: PersonaRegistry
  /** The template of a name (read on demand: a turn needs only its discussion's). */
  template: (name: string) => Promise<Template | undefined>
  providers: LoadedProviders
  store: DiscussionFileStore
  env: NodeJS.ProcessEnv
  cwd: string
  projectRoot: string | null
  consensus: Partial<ConsensusConfig>
  /** `--provider`: every persona uses it. */
  provider?: string
  /** The discussion, which external participants read whole; without it they are not used. */
  file?: string
}

export function turnDeps(parts: TurnParts): TurnDeps {
  const { personas, providers, file } = parts
  const callProvider = providerCaller(providers, { explicit: parts.provider ?? null })
  const complete: TurnDeps['complete'] = async (persona, request) => {
    const entry = personas.get(persona.alias)
    const external =
      file && entry
        ? externalProgram({
            persona,
            source: entry.source,
            env: parts.env,
            cwd: parts.cwd,
            projectRoot: parts.projectRoot,
            projectTrusted: providers.projectTrusted,
          })
        : null
    if (!external || !file) return callProvider(persona, request)
    if ('problem' in external) throw new ProviderError('untrusted', external.problem)
    const logFile = participantLogFile(stateDir(parts.env), persona.alias)
    await privateStateFolder(stateDir(parts.env), 'participants') // the log's folder, 0700
    return callExternal(
      {
        argv: external.argv,
        discussion: (await parts.store.read(file)).text,
        templatesDir:
          entry?.source === 'project' && parts.projectRoot
            ? join(parts.projectRoot, PROJECT_DATA_DIR, 'templates')
            : bundledDir('templates'),
        diagramsDir: join(dirname(file), 'diagrams'),
        logFile,
        env: parts.env,
      },
      request,
    )
  }
  return {
    store: parts.store,
    persona: (alias) => personas.get(alias)?.persona,
    template: parts.template,
    complete,
    random: () => randomBytes(6).toString('hex'),
    consensus: parts.consensus,
    saveDiagram: (discussionFile, source) => saveNewDiagram(discussionFile, source),
  }
}
