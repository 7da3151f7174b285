// Wire shapes of the secrets routes (E2B spec `Secret`, `NewSecret`, `UpdateSecret`): the value is
// accepted in request bodies and appears in no response schema, so it can never reach the wire.
import { Type } from 'typebox'
import type { SecretInfo } from '../../secret-store/secret-store.js'

const Metadata = Type.Record(Type.String(), Type.String())

export const NewSecret = Type.Object({ name: Type.String(), value: Type.String(), metadata: Type.Optional(Metadata) })
export const UpdateSecret = Type.Object({ value: Type.String(), metadata: Type.Optional(Metadata) })
export const SecretParams = Type.Object({ secretID: Type.String() })
export const ListQuery = Type.Object({ limit: Type.Optional(Type.Integer()), nextToken: Type.Optional(Type.String()) })

export const Secret = Type.Object({
  secretID: Type.String(),
  name: Type.String(),
  currentVersion: Type.Integer(),
  metadata: Metadata,
  createdAt: Type.String(),
  updatedAt: Type.String(),
})

export const secretBody = (s: SecretInfo) => ({
  secretID: s.secretId,
  name: s.name,
  currentVersion: s.currentVersion,
  metadata: { ...s.metadata },
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
})

export type SecretRouteDeps = { secrets: import('../../secret-store/secret-store.js').SecretsBackend }
