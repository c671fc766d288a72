/** Graphviz's `dot`, which PlantUML needs for most diagram kinds, found the way PlantUML finds it. */
import { findProgram } from '../providers/which.js'

export function findGraphviz(env: NodeJS.ProcessEnv): string | null {
  if (env.GRAPHVIZ_DOT) return findProgram(env.GRAPHVIZ_DOT, env)
  return findProgram('dot', env) ?? findProgram('/usr/bin/dot', env)
}
