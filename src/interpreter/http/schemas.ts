// Wire shapes of the interpreter's routes (upstream api/models/*.py), declared once.
import { Type, type Static } from 'typebox'

const OptStr = Type.Optional(Type.Union([Type.String(), Type.Null()]))

export const ExecuteBody = Type.Object({
  code: Type.String(),
  context_id: OptStr,
  language: OptStr,
  env_vars: Type.Optional(Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()])),
})
export type ExecuteBody = Static<typeof ExecuteBody>

export const CreateContextBody = Type.Optional(
  Type.Union([Type.Object({ language: OptStr, cwd: OptStr }), Type.Null()]),
)
export type CreateContextBody = Static<typeof CreateContextBody>

export const ContextInfo = Type.Object({ id: Type.String(), language: Type.String(), cwd: Type.String() })

export const ContextParams = Type.Object({ id: Type.String() })
