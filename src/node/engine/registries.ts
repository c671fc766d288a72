/**
 * The personas and templates of a working folder without opening an engine: `participants` and
 * `templates` list them even when the settings file is broken, so they skip loading it.
 */
import { registryDirs } from '../config/load-config.js'
import { findProjectRoot } from '../config/paths.js'
import { loadPersonas, loadTemplates } from '../config/registry.js'
import type { PersonaRegistry, TemplateRegistry } from '../config/registry.js'

export function personasOf(cwd: string, env: NodeJS.ProcessEnv): Promise<PersonaRegistry> {
  return loadPersonas(registryDirs(findProjectRoot(cwd), env))
}

export function templatesOf(cwd: string, env: NodeJS.ProcessEnv): Promise<TemplateRegistry> {
  return loadTemplates(registryDirs(findProjectRoot(cwd), env))
}
