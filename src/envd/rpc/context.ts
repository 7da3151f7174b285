// The context value the Connect plugin sets from the request: the user named in `Authorization: Basic`.
import { createContextKey } from '@connectrpc/connect'

/** The username from `Authorization: Basic`, set per request by the plugin's contextValues. */
export const kRequestedUser = createContextKey<string | undefined>(undefined, { description: 'requested user' })
