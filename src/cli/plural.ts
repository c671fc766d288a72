/** The CLI counts things as the rest of the project does (`1 model`, `2 models`). */
export { countOf } from '../core/text/count-of.js'
