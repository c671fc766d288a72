/** Graphviz's `dot`, which PlantUML needs for most diagram kinds, found the way PlantUML finds it. */
import { findProgram } from '../providers/which.js'

export async function findGraphviz(env: NodeJS.ProcessEnv): Promise<string | null> {
  if (env.GRAPHVIZ_DOT) return findProgram(env.GRAPHVIZ_DOT, env)
  return (await findProgram('dot', env)) ?? (await findProgram('/usr/bin/dot', env))
}
