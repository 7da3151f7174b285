// The SDK's Volume file methods reach `E2B_VOLUME_API_URL` (else https://api.<domain>): point it
// at a test server for a file's tests, and put it back afterwards.
import { afterAll, beforeAll } from 'vitest'
import { sharedServer, type ServerInfo } from './control-server.js'

const VAR = 'E2B_VOLUME_API_URL'

/** Sets the variable to `server`'s API URL (now). */
export function pointVolumeApiAt(server: Pick<ServerInfo, 'apiUrl'>): void {
  process.env[VAR] = server.apiUrl
}

/** For the file's tests: the shared server's API, restored after them. */
export function useVolumeApi(server: () => Pick<ServerInfo, 'apiUrl'> = sharedServer): void {
  let previous: string | undefined
  beforeAll(() => {
    previous = process.env[VAR]
    pointVolumeApiAt(server())
  })
  afterAll(() => {
    if (previous === undefined) delete process.env[VAR]
    else process.env[VAR] = previous
  })
}
