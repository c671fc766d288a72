/**
 * artifacts:launch: the configured artifact editor, run where the backend runs. Without one, or
 * without a display to show it on (browser mode over SSH), the answer is `fallback` and the page
 * opens its built-in editor instead.
 */
import { basename, dirname, join } from 'node:path'

import { diagramSlug, fileTime } from '../core/diagrams/extract.js'
import { hasDisplay, launchArtifactEditor } from '../node/diagrams/artifact-editor.js'
import { checkDiagramName, DIAGRAMS_FOLDER } from '../node/diagrams/diagram-name.js'
import { artifactEditorSetting } from '../node/diagrams/editor-setting.js'
import { ensureFolderInside } from '../node/store/durable-write.js'
import type { Engines } from './engines.js'
import type { Handlers } from './router.js'
import type { Workspace } from './workspace.js'

export function artifactsHandlers(
  workspace: Workspace,
  engines: Engines,
  env: NodeJS.ProcessEnv,
): Pick<Handlers, 'artifacts:launch'> {
  return {
    'artifacts:launch': async ({ path }) => {
      const inside = await workspace.resolveInside(path)
      const engine = await engines.for(inside.folder)
      const setting = await artifactEditorSetting(
        engine.config.artifact_editor,
        engine.projectRoot,
        env,
      )
      if ('problem' in setting) return { outcome: 'refused', ref: null, message: setting.problem }
      if (!hasDisplay(env, process.platform))
        return {
          outcome: 'fallback',
          ref: null,
          message: 'No display for the artifact editor here; using the built-in editor.',
        }
      const folder = dirname(inside.path)
      const outputDir = await ensureFolderInside(join(folder, DIAGRAMS_FOLDER), folder)
      const slug = diagramSlug(basename(inside.path).replace(/\.md$/i, ''))
      const outcome = await launchArtifactEditor({
        editor: setting.editor,
        outputDir,
        proposedName: checkDiagramName(`${slug}-${fileTime(new Date())}.puml`),
        roots: workspace.folders,
        relativeTo: dirname(inside.path),
        env,
      })
      switch (outcome.kind) {
        case 'saved':
          return { outcome: 'saved', ref: outcome.relative, message: `Saved ${outcome.relative}.` }
        case 'no-editor':
          return { outcome: 'fallback', ref: null, message: outcome.message }
        default:
          return { outcome: outcome.kind, ref: null, message: outcome.message }
      }
    },
  }
}
