/** Facts about the app both sides of the bridge agree on. Channel contracts join this folder. */
export const APP_NAME = 'Orchestrated Discussions'
